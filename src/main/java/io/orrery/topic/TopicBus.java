package io.orrery.topic;

import com.google.protobuf.Message;
import io.orrery.log.LogSafe;
import io.orrery.topic.msgs.MessageTypes;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One world's in-process topic bus, after gz-transport: typed topics with Gazebo's names carrying protobuf messages
 * (gz-msgs', generated into {@code com.gz.msgs}), advertised and subscribed to by owners (a plugin's or system's
 * name), each keeping its latest message. Messages are immutable, so one instance reaches every subscriber.
 *
 * <p>Threads: the bus is driven by one thread (the runner's, through a {@link BusDriver}). Subscribers are
 * called on it only. A message published on it (by a system) is delivered at once, in order: one published
 * from a callback is delivered after the current message has reached every subscriber. A message published on
 * any other thread (a plugin's, the API's) is handed to the driver and delivered at its next safe point (the
 * runner's StepEnd). Advertising, subscribing, {@link #latest} and {@link #topics()} are safe from any thread.
 *
 * <p>A reader off the bus (the HTTP API, the event stream, a controller's observations) is a subscriber too: {@link
 * #read} makes the topic one with subscribers (listed as {@value #READER}) for {@link #READER_HOLD_NANOS} after the
 * last read, so a publisher that builds its messages only for subscribers (gz sim's world interface) builds them
 * while somebody reads. A reader does not make a topic one a message can be published on ({@link
 * #requireSubscribed}): that still takes a subscriber that acts on it.
 *
 * <p>A {@link TopicListener} learns of every new topic on the thread that advertises or subscribes to it, before the
 * call returns: before the advertiser can publish, so a listener that subscribes from it gets the first message
 * (a recorder, which otherwise would find the topic only at its next look at {@link #topics()}).
 *
 * <p>{@link #reset()} starts a new episode: the latest messages are cleared and messages handed off but not
 * yet delivered are dropped, so nothing from one episode reaches the next. One bus lives as long as one loaded
 * world; {@link #close()} ends it.
 */
public final class TopicBus implements AutoCloseable {

    /** How a reader is listed among a topic's subscribers. */
    public static final String READER = "reader";
    /** How long a read keeps a topic subscribed: 10 s, a poll every few seconds keeps it built. */
    public static final long READER_HOLD_NANOS = 10_000_000_000L;
    /** Readers that may wait for a topic's next message at once; more are answered that there is none. */
    public static final int MAX_WAITING_READERS = 256;
    /** Topic listeners one bus keeps at once (a recorder, a Foxglove server): a few, never one per client. */
    public static final int MAX_TOPIC_LISTENERS = 16;

    private static final Logger log = LoggerFactory.getLogger(TopicBus.class);

    private final BusDriver driver;
    private final LongSupplier simTime;
    private final LongSupplier wallNanos;
    private final Map<String, Topic> topics = new ConcurrentHashMap<>();
    /** Messages of the current delivery round, breadth first (driving thread only). */
    private final ArrayDeque<Runnable> round = new ArrayDeque<>();

    private final List<TopicListener> listeners = new CopyOnWriteArrayList<>();

    private boolean delivering;
    private long sequence;
    private volatile long episode;
    private volatile boolean closed;

    /** A bus whose messages are stamped with sim time 0: for tools and tests that have no clock. */
    public TopicBus(BusDriver driver) {
        this(driver, () -> 0);
    }

    /**
     * @param simTime the sim time a message delivered now is stamped with (the runner's: the time of the step under
     *     way, or the time paused at), read on the driving thread
     */
    public TopicBus(BusDriver driver, LongSupplier simTime) {
        this(driver, simTime, System::nanoTime);
    }

    /** @param wallNanos the wall clock a reader's hold is measured on ({@code System.nanoTime}'s kind) */
    public TopicBus(BusDriver driver, LongSupplier simTime, LongSupplier wallNanos) {
        this.driver = Objects.requireNonNull(driver, "driver");
        this.simTime = Objects.requireNonNull(simTime, "simTime");
        this.wallNanos = Objects.requireNonNull(wallNanos, "wallNanos");
    }

    /**
     * Advertises {@code topic} with messages of {@code type}; the first advertisement or subscription fixes a
     * topic's type.
     *
     * @param owner who publishes, as {@code GET /api/topics} lists it
     * @throws IllegalArgumentException for a bad name, or a topic that carries another type
     */
    public <T extends Message> Publisher<T> advertise(String topic, Class<T> type, String owner) {
        Objects.requireNonNull(owner, "owner");
        Topic t = register(topic, type);
        Publisher<T> p = new Publisher<>(this, t.name, owner);
        t.publishers.add(p);
        announce(t);
        return p;
    }

    /**
     * Subscribes {@code callback} to {@code topic}; it is called on the driving thread with every message
     * delivered from now on. A callback that throws is logged; the others are still called.
     *
     * @param owner who subscribes, as {@code GET /api/topics} lists it
     * @throws IllegalArgumentException for a bad name, or a topic that carries another type
     */
    public <T extends Message> Subscription subscribe(
            String topic, Class<T> type, String owner, Consumer<? super T> callback) {
        return subscribe(topic, type, owner, 0, callback);
    }

    /**
     * As {@link #subscribe(String, Class, String, Consumer)}, for one message every {@code periodNanos} of sim time
     * on average ({@link Subscription}); 0 takes every message.
     */
    public <T extends Message> Subscription subscribe(
            String topic, Class<T> type, String owner, long periodNanos, Consumer<? super T> callback) {
        Objects.requireNonNull(callback, "callback");
        Objects.requireNonNull(owner, "owner");
        if (periodNanos < 0) {
            throw new IllegalArgumentException("a subscription's period cannot be negative, got " + periodNanos);
        }
        Topic t = register(topic, type);
        Subscription s = new Subscription(this, t.name, owner, periodNanos, m -> callback.accept(type.cast(m)));
        t.subscribers.add(s);
        announce(t);
        return s;
    }

    /**
     * Adds {@code listener}, told of every topic that appears from now on (not of those there are: list them with
     * {@link #topics()} after adding it, and expect a topic on both ways at once).
     *
     * @throws IllegalStateException when {@value #MAX_TOPIC_LISTENERS} listen already, or the bus is closed
     */
    public void addTopicListener(TopicListener listener) {
        Objects.requireNonNull(listener, "listener");
        synchronized (listeners) {
            if (closed) {
                throw new IllegalStateException("the world this bus belonged to has been unloaded");
            }
            if (listeners.size() >= MAX_TOPIC_LISTENERS) {
                throw new IllegalStateException(
                        "a bus keeps at most " + MAX_TOPIC_LISTENERS + " topic listeners; remove one first");
            }
            listeners.add(listener);
        }
    }

    /** Removes {@code listener}; nothing happens when it is not listening. */
    public void removeTopicListener(TopicListener listener) {
        listeners.remove(listener);
    }

    /**
     * Publishes {@code message} on {@code topic}: at once on the driving thread, else handed to the driver. The
     * future completes once the message was delivered, or dropped by a reset or the end of the world; it fails
     * when the driver refused it.
     *
     * @throws UnknownTopicException when nobody has advertised or subscribed to the topic
     * @throws IllegalArgumentException for a bad name, or a message of another type than the topic's
     */
    public CompletableFuture<Void> publish(String topic, Message message) {
        Topic t = find(topic);
        if (t == null) {
            throw unknown(TopicNames.normalize(topic));
        }
        t.check(message);
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "topic '" + t.name + "': the world this bus belonged to has been unloaded"));
        }
        if (driver.onDrivingThread()) {
            deliver(t, message);
            return CompletableFuture.completedFuture(null);
        }
        long postedIn = episode;
        return driver.later(
                () -> {
                    if (!closed && episode == postedIn && topics.get(t.name) == t) {
                        deliver(t, message);
                    }
                },
                message.getSerializedSize());
    }

    /**
     * Checks that {@code message} could be published on {@code topic} now, delivering nothing.
     *
     * @throws UnknownTopicException when nobody has advertised or subscribed to the topic
     * @throws IllegalArgumentException for a bad name, or a message of another type than the topic's
     */
    public void check(String topic, Message message) {
        Topic t = find(topic);
        if (t == null) {
            throw unknown(TopicNames.normalize(topic));
        }
        t.check(message);
    }

    /** The latest message on {@code topic}; empty when there is none yet or the topic is unknown. */
    public Optional<TopicMessage> latest(String topic) {
        Topic t = find(topic);
        return t == null ? Optional.empty() : Optional.ofNullable(t.latest);
    }

    /**
     * A reader read (or is about to read) {@code topic}: it counts as a subscriber for {@link #READER_HOLD_NANOS}
     * from now. Nothing happens for a topic nobody has advertised or subscribed to. Any thread.
     */
    public void read(String topic) {
        Topic t = find(topic);
        if (t != null) {
            long until = wallNanos.getAsLong() + READER_HOLD_NANOS;
            t.readUntilNanos = until == 0 ? 1 : until;
        }
    }

    /**
     * The next message delivered on {@code topic}, for a reader that found none yet ({@link #read} it first, so
     * that it is built). The future completes on the driving thread (its dependents must be quick or asynchronous)
     * with the message, or with {@code null} when the topic is unknown, {@value #MAX_WAITING_READERS} readers wait
     * already or the bus closes. A reader that stops waiting cancels it (or completes it itself: {@code
     * completeOnTimeout}), which forgets it.
     */
    public CompletableFuture<TopicMessage> next(String topic) {
        Topic t = find(topic);
        if (t == null || closed || t.waiting.size() >= MAX_WAITING_READERS) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<TopicMessage> next = new CompletableFuture<>();
        t.waiting.add(next);
        next.whenComplete((m, e) -> t.waiting.remove(next));
        if (closed) {
            next.complete(null);
        }
        return next;
    }

    /**
     * The message class of the topic named {@code topic}. Cheap (one lookup, nothing copied): a lockstep step checks
     * every topic it names with it.
     *
     * @throws UnknownTopicException naming the topics there are, when nobody has advertised or subscribed to it
     */
    public Class<? extends Message> require(String topic) {
        Topic t = find(topic);
        if (t == null) {
            throw unknown(TopicNames.normalize(topic));
        }
        return t.type;
    }

    /**
     * The message class of the topic named {@code topic}, which something subscribes to: one a message can be
     * published on.
     *
     * @throws UnknownTopicException naming the topics with subscribers, when nothing subscribes to it
     */
    public Class<? extends Message> requireSubscribed(String topic) {
        Topic t = find(topic);
        if (t == null || t.subscribers.isEmpty()) {
            String name = TopicNames.normalize(topic);
            throw new UnknownTopicException(
                    name,
                    "nothing subscribes to '" + name + "'",
                    names(topics.values().stream()
                            .filter(i -> !i.subscribers.isEmpty()) // readers do not count
                            .toList()));
        }
        return t.type;
    }

    /**
     * True when the (normalized) topic has a subscriber or a reader now. Cheap: one lookup, for a publisher about to
     * build.
     */
    boolean hasSubscribers(String normalizedTopic) {
        Topic t = topics.get(normalizedTopic);
        return t != null && t.wanted(simTime, wallNanos);
    }

    /** The topic named {@code topic}, if anybody has advertised or subscribed to it. */
    public Optional<TopicInfo> topic(String topic) {
        long now = wallNanos.getAsLong();
        return Optional.ofNullable(find(topic)).map(t -> t.info(now));
    }

    /** The message class of {@code topic}, if anybody has advertised or subscribed to it. */
    public Optional<Class<? extends Message>> messageType(String topic) {
        return Optional.ofNullable(find(topic)).map(t -> t.type);
    }

    /**
     * The topic named {@code topic}, or null. A name is made absolute once, where it enters (a request, a system's
     * parameters), so it is looked up as given first: a registered name is absolute already. Only a name that misses
     * is made absolute here ({@link TopicNames#normalize}, which refuses a bad one) and looked up again.
     */
    private Topic find(String topic) {
        if (topic != null) {
            Topic t = topics.get(topic);
            if (t != null) {
                return t;
            }
        }
        return topics.get(TopicNames.normalize(topic));
    }

    /** Every topic, by name. */
    public List<TopicInfo> topics() {
        long now = wallNanos.getAsLong();
        return topics.values().stream()
                .sorted(Comparator.comparing(t -> t.name))
                .map(t -> t.info(now))
                .toList();
    }

    /** Withdraws every advertisement and subscription of {@code owner} (a plugin that ended). */
    public void release(String owner) {
        for (Topic t : topics.values()) {
            t.publishers.removeIf(p -> p.owner().equals(owner));
            t.subscribers.removeIf(s -> s.owner().equals(owner));
        }
    }

    /**
     * Driving thread: a new episode (a reset). Latest messages are cleared and messages handed off before now
     * are dropped; advertisements and subscriptions stay.
     */
    public void reset() {
        episode++;
        sequence = 0; // an episode counts its messages from the start, as the first did
        round.clear();
        for (Topic t : topics.values()) {
            t.latest = null;
            t.subscribers.forEach(Subscription::restart);
        }
    }

    /** Ends the bus with its world: nothing is delivered from now on. */
    @Override
    public void close() {
        closed = true;
        synchronized (listeners) {
            listeners.clear();
        }
        for (Topic t : topics.values()) {
            t.subscribers.clear();
            t.publishers.clear();
            t.waiting.forEach(w -> w.complete(null));
        }
    }

    void remove(Publisher<?> p) {
        Topic t = topics.get(p.topic());
        if (t != null) {
            t.publishers.remove(p);
        }
    }

    void remove(Subscription s) {
        Topic t = topics.get(s.topic());
        if (t != null) {
            t.subscribers.remove(s);
        }
    }

    /**
     * Tells the listeners of {@code t} once, the first time it is advertised or subscribed to, outside the bus's lock
     * (a listener subscribes, and may wait on a lock of its own that a thread holding it subscribes under).
     */
    private void announce(Topic t) {
        synchronized (t) {
            if (t.announced) {
                return;
            }
            t.announced = true;
        }
        TopicInfo info = t.info(wallNanos.getAsLong());
        for (TopicListener l : listeners) {
            try {
                l.topicAppeared(info);
            } catch (RuntimeException e) {
                log.warn("Topic listener failed on '{}': {}", LogSafe.of(t.name), LogSafe.of(e), e);
            }
        }
    }

    private synchronized Topic register(String topic, Class<? extends Message> type) {
        Objects.requireNonNull(type, "type");
        String name = TopicNames.normalize(topic);
        Topic t = topics.get(name);
        if (t != null && t.type != type) {
            if (!t.unused()) {
                throw new IllegalArgumentException(
                        "topic '" + name + "' carries " + t.typeName + ", not " + MessageTypes.nameOf(type));
            }
            t = null; // nobody uses it any more: it may change type
        }
        if (t == null) {
            t = new Topic(name, type);
            topics.put(name, t);
        }
        return t;
    }

    /** Driving thread: the message becomes the topic's latest and reaches its subscribers, after the round's. */
    private void deliver(Topic t, Message message) {
        round.add(() -> {
            long now = simTime.getAsLong();
            TopicMessage latest = new TopicMessage(t.name, t.typeName, message, ++sequence, now);
            t.latest = latest;
            if (!t.waiting.isEmpty()) {
                t.waiting.forEach(w -> w.complete(latest));
            }
            t.deliver(message, now);
        });
        if (delivering) {
            return;
        }
        delivering = true;
        try {
            Runnable next;
            while ((next = round.poll()) != null) {
                next.run();
            }
        } finally {
            delivering = false;
            round.clear();
        }
    }

    private UnknownTopicException unknown(String name) {
        return new UnknownTopicException(
                name, "no topic '" + name + "'", names(topics.values().stream().toList()));
    }

    private static List<String> names(List<Topic> list) {
        return list.stream().map(t -> t.name).sorted().toList();
    }
}
