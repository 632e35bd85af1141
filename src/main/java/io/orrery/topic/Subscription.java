package io.orrery.topic;

import com.google.protobuf.Message;
import java.util.function.Consumer;

/** A subscriber to a topic: its callback is called on the bus's driving thread for every message, in order. */
public final class Subscription {

    private final TopicBus bus;
    private final String topic;
    private final String owner;
    private final Consumer<Message> callback;

    Subscription(TopicBus bus, String topic, String owner, Consumer<Message> callback) {
        this.bus = bus;
        this.topic = topic;
        this.owner = owner;
        this.callback = callback;
    }

    /** The topic's name. */
    public String topic() {
        return topic;
    }

    /** Who subscribed. */
    public String owner() {
        return owner;
    }

    void deliver(Message message) {
        callback.accept(message);
    }

    /** Ends the subscription: its callback is not called again. */
    public void cancel() {
        bus.remove(this);
    }
}
