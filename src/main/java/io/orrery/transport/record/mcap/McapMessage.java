package io.orrery.transport.record.mcap;

import java.util.Objects;

/**
 * One message on a channel.
 *
 * @param sequence a counter of the channel's messages, 0 to 2^32-1
 * @param logTime when it was recorded, in nanoseconds (a uint64, as Java's long)
 * @param publishTime when it was published, in nanoseconds
 */
public record McapMessage(int channelId, long sequence, long logTime, long publishTime, byte[] data) {

    public McapMessage {
        Objects.requireNonNull(data, "data");
    }
}
