package io.orrery.topic;

import com.google.protobuf.Message;
import java.util.concurrent.CompletableFuture;

/**
 * An advertisement of a topic: publishes messages of its type, from any thread (see {@link TopicBus#publish}).
 *
 * @param <T> the message type
 */
public final class Publisher<T extends Message> {

    private final TopicBus bus;
    private final String topic;
    private final String owner;

    Publisher(TopicBus bus, String topic, String owner) {
        this.bus = bus;
        this.topic = topic;
        this.owner = owner;
    }

    /** The topic's name. */
    public String topic() {
        return topic;
    }

    /** Who advertised it. */
    public String owner() {
        return owner;
    }

    /** Publishes {@code message}; see {@link TopicBus#publish}. */
    public CompletableFuture<Void> publish(T message) {
        return bus.publish(topic, message);
    }

    /** True when something subscribes to the topic now: a publisher may skip building a message nobody takes. */
    public boolean hasSubscribers() {
        return bus.hasSubscribers(topic);
    }

    /** Withdraws the advertisement; the topic and its latest message stay. */
    public void close() {
        bus.remove(this);
    }
}
