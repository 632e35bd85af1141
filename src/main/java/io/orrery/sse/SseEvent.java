package io.orrery.sse;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One server-sent event: its name and its data, rendered only when it is written (an event dropped from a full queue
 * costs no rendering). An event with a key waits alone: while one of its key is queued for a client, another is not
 * queued for it, so the next carries what changed meanwhile.
 */
public final class SseEvent {

    /** A comment line, which clients ignore: a heartbeat. */
    static final SseEvent COMMENT = new SseEvent("", null, () -> "");

    private final String name;
    private final String key;
    private final Supplier<String> data;

    private SseEvent(String name, String key, Supplier<String> data) {
        this.name = name;
        this.key = key;
        this.data = data;
    }

    /** Event {@code name} whose data (one line, JSON say) {@code data} renders when it is written. */
    public static SseEvent of(String name, Supplier<String> data) {
        return new SseEvent(Objects.requireNonNull(name, "name"), null, Objects.requireNonNull(data, "data"));
    }

    /**
     * Event {@code name} that waits alone under {@code key}; {@code data} may render null when it has nothing to say
     * by the time it is written, and then nothing is written.
     */
    public static SseEvent keyed(String name, String key, Supplier<String> data) {
        return new SseEvent(
                Objects.requireNonNull(name, "name"),
                Objects.requireNonNull(key, "key"),
                Objects.requireNonNull(data, "data"));
    }

    /** The event's name. */
    public String name() {
        return name;
    }

    /** Its key, or null. */
    String key() {
        return key;
    }

    /** The event as the stream carries it, or null when its data is null. */
    byte[] render() {
        String d = data.get();
        return d == null ? null : ("event:" + name + "\ndata:" + d + "\n\n").getBytes(StandardCharsets.UTF_8);
    }
}
