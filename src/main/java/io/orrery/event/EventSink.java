package io.orrery.event;

/**
 * Where Orrery's events go (the event stream, {@code GET /api/events}): lifecycle signals such as a reset or a
 * controller's hold, fired triggers, and what plugins emit. Not the topic bus, which carries Gazebo's messages
 * ({@code io.orrery.topic}). Must be safe to call from any thread, and fast.
 */
@FunctionalInterface
public interface EventSink {

    /** A sink that drops every event. */
    EventSink NONE = (event, payload) -> {};

    /** Emits {@code payload} (a record the API can render) as an event named {@code event}. */
    void emit(String event, Object payload);
}
