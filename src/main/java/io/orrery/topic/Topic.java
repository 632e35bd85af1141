package io.orrery.topic;

import com.google.protobuf.Message;
import io.orrery.log.LogSafe;
import io.orrery.topic.msgs.MessageTypes;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One topic on the bus: its type, who publishes and subscribes, and its latest message. */
final class Topic {

    private static final Logger log = LoggerFactory.getLogger(TopicBus.class); // as the bus logged it

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

    /**
     * True when a subscriber takes a message delivered now (one with a period only when it is due), or a reader read
     * the topic lately.
     */
    boolean wanted(LongSupplier simNanos, LongSupplier wallNanos) {
        long now = Long.MIN_VALUE;
        for (Subscription s : subscribers) {
            if (s.periodNanos() == 0) {
                return true;
            }
            if (now == Long.MIN_VALUE) {
                now = simNanos.getAsLong();
            }
            if (s.due(now)) {
                return true;
            }
        }
        return read(wallNanos.getAsLong());
    }

    /** Hands {@code message}, delivered at {@code simNanos}, to each subscriber; one that throws is logged. */
    void deliver(Message message, long simNanos) {
        for (Subscription s : subscribers) {
            try {
                s.deliver(message, simNanos);
            } catch (RuntimeException e) {
                log.warn(
                        "Subscriber '{}' of topic '{}' failed: {}",
                        LogSafe.of(s.owner()),
                        LogSafe.of(name),
                        LogSafe.of(e),
                        e);
            }
        }
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
