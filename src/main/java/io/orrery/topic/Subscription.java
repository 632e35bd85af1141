package io.orrery.topic;

import com.google.protobuf.Message;
import java.util.function.Consumer;

/**
 * A subscriber to a topic: its callback is called on the bus's driving thread for every message, in order; or, for a
 * subscription with a period, for at most one message a period of sim time on average (gz-transport's
 * {@code SubscribeOptions::SetMsgsPerSec}, in sim time so that what it takes does not depend on the machine's speed).
 * While such a subscription is not due, it does not count as a subscriber ({@link Publisher#hasSubscribers}), so a
 * publisher that builds only for subscribers skips the messages it would not take.
 */
public final class Subscription {

    private static final long NEVER = Long.MIN_VALUE;

    private final TopicBus bus;
    private final String topic;
    private final String owner;
    private final Consumer<Message> callback;
    private final long periodNanos;
    /** The sim time from which the next message is taken (driving thread); NEVER until the first. */
    private long nextNanos = NEVER;

    Subscription(TopicBus bus, String topic, String owner, long periodNanos, Consumer<Message> callback) {
        this.bus = bus;
        this.topic = topic;
        this.owner = owner;
        this.periodNanos = periodNanos;
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

    /** The least sim time between two messages it takes on average; 0 when it takes every message. */
    public long periodNanos() {
        return periodNanos;
    }

    /** Whether a message delivered at {@code simNanos} would reach the callback. */
    boolean due(long simNanos) {
        // a sim time before the last taken is a reset: the new episode starts afresh
        return periodNanos == 0 || nextNanos == NEVER || simNanos >= nextNanos || simNanos < nextNanos - periodNanos;
    }

    void deliver(Message message, long simNanos) {
        if (periodNanos != 0) {
            if (!due(simNanos)) {
                return;
            }
            // the next slot follows this one, so a topic a little faster than the period keeps its average; a gap
            // longer than a period (a topic that paused) starts the slots afresh
            long next = nextNanos == NEVER ? simNanos + periodNanos : nextNanos + periodNanos;
            nextNanos = next <= simNanos || simNanos < nextNanos - periodNanos ? simNanos + periodNanos : next;
        }
        callback.accept(message);
    }

    /** A new episode (a reset): the next message is taken whatever its time. */
    void restart() {
        nextNanos = NEVER;
    }

    /** Ends the subscription: its callback is not called again. */
    public void cancel() {
        bus.remove(this);
    }
}
