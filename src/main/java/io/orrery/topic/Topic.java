package io.orrery.topic;

import com.google.protobuf.Message;
import io.orrery.topic.msgs.MessageTypes;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** One topic on the bus: its type, who publishes and subscribes, and its latest message. */
final class Topic {

    final String name;
    final Class<? extends Message> type;
    final String typeName;
    final List<Publisher<?>> publishers = new CopyOnWriteArrayList<>();
    final List<Subscription> subscribers = new CopyOnWriteArrayList<>();
    volatile TopicMessage latest;
    /** Wall time ({@code System.nanoTime}) until which a reader counts as a subscriber; 0 when never read. */
    volatile long readUntilNanos;
    /** Whether the bus's topic listeners were told of it (once, by the first advertiser or subscriber). */
    volatile boolean announced;
    /** Readers waiting for the next message (see {@link TopicBus#next}). */
    final Set<CompletableFuture<TopicMessage>> waiting = ConcurrentHashMap.newKeySet();

    Topic(String name, Class<? extends Message> type) {
        this.name = name;
        this.type = type;
        this.typeName = MessageTypes.nameOf(type);
    }

    boolean unused() {
        return publishers.isEmpty() && subscribers.isEmpty();
    }

    /** @throws IllegalArgumentException when {@code message} is not of this topic's type */
    void check(Message message) {
        if (message == null) {
            throw new IllegalArgumentException("topic '" + name + "': a message must not be null");
        }
        if (!type.isInstance(message)) {
            throw new IllegalArgumentException(
                    "topic '" + name + "' carries " + typeName + ", not " + MessageTypes.nameOf(message.getClass()));
        }
    }

    /** True when a reader read the topic within {@link TopicBus#READER_HOLD_NANOS} before {@code nowNanos}. */
    boolean read(long nowNanos) {
        long until = readUntilNanos;
        return until != 0 && nowNanos - until < 0;
    }

    TopicInfo info(long nowNanos) {
        LinkedHashSet<String> pubs = new LinkedHashSet<>();
        publishers.forEach(p -> pubs.add(p.owner()));
        LinkedHashSet<String> subs = new LinkedHashSet<>();
        subscribers.forEach(s -> subs.add(s.owner()));
        if (read(nowNanos)) {
            subs.add(TopicBus.READER);
        }
        return new TopicInfo(name, typeName, List.copyOf(pubs), List.copyOf(subs));
    }
}
