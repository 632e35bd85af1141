package io.orrery.topic.msgs;

import java.util.List;

/**
 * gz.msgs.Header: when a message was taken (sim time) and optional key-value data.
 *
 * @param stamp the sim time the message describes
 * @param data key-value pairs, such as {@code frame_id}
 */
public record Header(Time stamp, List<Entry> data) {

    /** A header with time zero and no data, what an absent header reads as. */
    public static final Header NONE = new Header(Time.ZERO, List.of());

    public Header {
        stamp = stamp == null ? Time.ZERO : stamp;
        data = data == null ? List.of() : List.copyOf(data);
    }

    /** A header stamped with {@code simTimeNanos}, as every message from a device carries. */
    public static Header at(long simTimeNanos) {
        return new Header(Time.ofNanos(simTimeNanos), List.of());
    }

    /**
     * One key and its values (gz.msgs.Header.Map).
     *
     * @param key the key
     * @param value its values
     */
    public record Entry(String key, List<String> value) {
        public Entry {
            key = key == null ? "" : key;
            value = value == null ? List.of() : List.copyOf(value);
        }
    }
}
