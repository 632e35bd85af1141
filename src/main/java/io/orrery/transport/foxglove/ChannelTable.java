package io.orrery.transport.foxglove;

import com.google.protobuf.Message;
import io.orrery.topic.Subscription;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import io.orrery.topic.TopicMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The channels the server advertises and who subscribes to each. A channel is a bus topic with a publisher other than
 * this server, or one of the server's own (the scene and the transforms); its id stays the same for as long as its
 * topic keeps its type, across reloads too (Foxglove caches a channel's decoder by id). A channel is read from the
 * bus only while some client subscribes to it, and what it carries goes to each subscriber's queue on the thread that
 * delivered it (the runner's, for the bus): that thread only queues.
 */
final class ChannelTable {

    /** The server's name on the bus, as a subscriber and a publisher. */
    static final String OWNER = "foxglove";

    /** Where a channel's messages come from, opened while someone subscribes. */
    interface Source {
        /** Starts delivering to {@code sink}; running the result stops it. */
        Runnable open(TopicBus bus, Sink sink);
    }

    /** Takes a channel's message with its sim time. */
    interface Sink {
        void accept(long timeNanos, Message message);
    }

    private record Target(Connection client, int subscription) {}

    private final class Feed {
        final Channel channel;
        final Source source;
        final boolean latched;
        final List<Target> targets = new CopyOnWriteArrayList<>();
        Runnable open;
        volatile long latestTime;
        volatile Message latest;

        Feed(Channel channel, Source source, boolean latched) {
            this.channel = channel;
            this.source = source;
            this.latched = latched;
        }

        void deliver(long timeNanos, Message message) {
            if (latched) {
                latest = message;
                latestTime = timeNanos;
            }
            for (Target t : targets) {
                t.client().offer(t.subscription(), channel.id(), timeNanos, message);
            }
        }
    }

    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<Integer, Feed> feeds = new TreeMap<>();
    private final Map<String, Feed> byTopic = new HashMap<>();
    private TopicBus bus;
    private int nextId = 1;

    /**
     * Brings the channels in line with {@code current} and the server's own {@code extra} channels (topic to source,
     * latched or not). Returns what changed, for the clients.
     */
    synchronized Changes sync(TopicBus current, List<Extra> extra) {
        List<Channel> added = new ArrayList<>();
        List<Integer> removed = new ArrayList<>();
        if (current != bus) { // a reload (or the first world): the old bus and its topics are gone
            for (Feed f : List.copyOf(feeds.values())) {
                remove(f);
                removed.add(f.channel.id());
            }
            bus = current;
        }
        if (bus == null) {
            return new Changes(added, removed);
        }
        Map<String, Extra> wanted = new HashMap<>();
        for (TopicInfo t : bus.topics()) {
            boolean published = t.publishers().stream().anyMatch(o -> !o.equals(OWNER));
            Optional<Class<? extends Message>> type = bus.messageType(t.name());
            if (published && type.isPresent()) {
                String topic = t.name();
                Class<? extends Message> cls = type.get();
                wanted.put(topic, new Extra(topic, cls, (b, sink) -> busTopic(b, topic, cls, sink), false));
            }
        }
        extra.forEach(e -> wanted.put(e.topic(), e));
        for (Feed f : List.copyOf(feeds.values())) {
            Extra e = wanted.get(f.channel.topic());
            if (e == null || e.type() != f.channel.type()) {
                remove(f);
                removed.add(f.channel.id());
            }
        }
        for (Extra e : wanted.values()) {
            if (!byTopic.containsKey(e.topic())) {
                int id = ids.computeIfAbsent(e.topic() + "\n" + e.type().getName(), k -> nextId++);
                Feed f = new Feed(new Channel(id, e.topic(), e.type()), e.source(), e.latched());
                feeds.put(id, f);
                byTopic.put(e.topic(), f);
                added.add(f.channel);
            }
        }
        added.sort(java.util.Comparator.comparingInt(Channel::id));
        return new Changes(added, removed);
    }

    /** The channels now, by id. */
    synchronized List<Channel> channels() {
        return feeds.values().stream().map(f -> f.channel).toList();
    }

    /** The channel a topic is advertised on, if it is. */
    synchronized Optional<Channel> channelOf(String topic) {
        return Optional.ofNullable(byTopic.get(topic)).map(f -> f.channel);
    }

    /**
     * Subscribes {@code client} to a channel under its id {@code subscription}.
     *
     * @throws IllegalArgumentException naming what is wrong: an unknown channel, an id in use, a second subscription
     */
    synchronized void subscribe(Connection client, int subscription, int channel, int maxSubscriptions) {
        Feed f = feeds.get(channel);
        if (f == null) {
            throw new IllegalArgumentException("no channel " + channel + " is advertised");
        }
        if (client.subscriptions.containsKey(subscription)) {
            throw new IllegalArgumentException("subscription id " + subscription + " is in use");
        }
        if (client.byChannel.containsKey(channel)) {
            throw new IllegalArgumentException("channel " + channel + " (" + f.channel.topic()
                    + ") is already subscribed as " + client.byChannel.get(channel));
        }
        if (client.subscriptions.size() >= maxSubscriptions) {
            throw new IllegalArgumentException(
                    "at most " + maxSubscriptions + " subscriptions a client" + " (orrery.foxglove.max-subscriptions)");
        }
        client.subscriptions.put(subscription, channel);
        client.byChannel.put(channel, subscription);
        f.targets.add(new Target(client, subscription));
        if (f.open == null && bus != null) {
            f.open = f.source.open(bus, f::deliver);
        }
        Message latest = f.latest;
        if (latest != null) {
            client.offer(subscription, channel, f.latestTime, latest);
        }
    }

    /** Ends a subscription; an unknown id is ignored, as the protocol allows. */
    synchronized void unsubscribe(Connection client, int subscription) {
        Integer channel = client.subscriptions.remove(subscription);
        if (channel == null) {
            return;
        }
        client.byChannel.remove(channel);
        Feed f = feeds.get(channel);
        if (f != null) {
            f.targets.removeIf(t -> t.client() == client && t.subscription() == subscription);
            closeIfUnused(f);
        }
    }

    /** A client has gone: its subscriptions end. */
    synchronized void drop(Connection client) {
        for (Integer s : List.copyOf(client.subscriptions.keySet())) {
            unsubscribe(client, s);
        }
    }

    /** Delivers a message the server made itself (the scene) on its channel, if it is advertised. */
    void publish(String topic, long timeNanos, Message message) {
        Feed f;
        synchronized (this) {
            f = byTopic.get(topic);
        }
        if (f != null) {
            f.deliver(timeNanos, message);
        }
    }

    /**
     * Reads a bus topic: each message with the sim time the bus stamped it with (its latest, which it has just become
     * when the subscribers are called).
     */
    static Runnable busTopic(TopicBus bus, String topic, Class<? extends Message> type, Sink sink) {
        Subscription s = bus.subscribe(
                topic,
                type,
                OWNER,
                m -> sink.accept(
                        bus.latest(topic).map(TopicMessage::simTimeNanos).orElse(0L), m));
        return s::cancel;
    }

    private void closeIfUnused(Feed f) {
        if (f.targets.isEmpty() && f.open != null) {
            f.open.run();
            f.open = null;
        }
    }

    private void remove(Feed f) {
        feeds.remove(f.channel.id());
        byTopic.remove(f.channel.topic());
        for (Target t : f.targets) {
            t.client().subscriptions.remove(t.subscription());
            t.client().byChannel.remove(f.channel.id());
        }
        f.targets.clear();
        if (f.open != null) {
            f.open.run();
            f.open = null;
        }
    }

    /**
     * One of the server's own channels.
     *
     * @param latched a new subscriber gets the latest message at once (the scene, which changes seldom)
     */
    record Extra(String topic, Class<? extends Message> type, Source source, boolean latched) {}

    /** Channels to advertise and to unadvertise. */
    record Changes(List<Channel> added, List<Integer> removed) {
        boolean isEmpty() {
            return added.isEmpty() && removed.isEmpty();
        }
    }
}
