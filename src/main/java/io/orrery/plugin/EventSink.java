package io.orrery.plugin;

/** Where plugins publish events (the event stream, GET /api/events); must be safe to call from any thread and fast. */
@FunctionalInterface
public interface EventSink {

    /** Publishes {@code payload} (a record the API can render) on {@code topic}. */
    void publish(String topic, Object payload);
}
