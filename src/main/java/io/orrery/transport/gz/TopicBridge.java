package io.orrery.transport.gz;

import com.google.protobuf.Message;
import com.gz.msgs.DiscoveryProtos.Discovery;
import com.gz.msgs.DiscoveryProtos.Discovery.Publisher.MessagePublisher;
import com.gz.msgs.DiscoveryProtos.Discovery.Publisher.Scope;
import com.gz.msgs.DiscoveryProtos.Discovery.Type;
import io.orrery.app.Topics;
import io.orrery.app.WorldId;
import io.orrery.log.LogSafe;
import io.orrery.topic.Publisher;
import io.orrery.topic.Subscription;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bus's topics on gz-transport, both ways. A bus topic with a publisher (other than this bridge) is advertised;
 * while a gz subscriber is registered for it (NEW_CONNECTION), the bridge subscribes to it on the bus and hands every
 * message to the publishing thread. A bus topic with a subscriber is subscribed to on gz-transport (when control is
 * allowed); a gz publisher's messages are posted to the runner as the HTTP API posts them, at most one per topic
 * waiting (a newer one replaces it). On the bus the bridge appears as {@value #OWNER}, so {@code GET /api/topics}
 * shows which topics have gz-transport publishers or subscribers. Discovery thread, but for the noted callbacks.
 */
final class TopicBridge {

    private static final Logger log = LoggerFactory.getLogger(TopicBridge.class);

    /** The bridge's name on the bus, as a publisher and a subscriber. */
    static final String OWNER = "gz-transport";

    private record Advertised(Class<? extends Message> type, String wireType) {}

    private final Topics topics;
    private final MessageCatalog catalog;
    private final GzNames names;
    private final UdpDiscovery discovery;
    private final DataPlane data;
    private final RemoteTable remote;
    private final String processUuid;
    private final String nodeUuid;
    private final boolean inboundAllowed;

    private TopicBus bus;
    private final Map<String, Advertised> advertised = new HashMap<>();
    private final Map<String, Subscription> outbound = new HashMap<>();
    /** Topics taken from gz-transport, read by the receiving thread. */
    private final Map<String, Inbound> inbound = new ConcurrentHashMap<>();
    /** Messages this bridge posted, so they are not sent back out (identity, not equality). */
    private final Set<Message> injected =
            Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

    TopicBridge(
            Topics topics,
            MessageCatalog catalog,
            GzNames names,
            UdpDiscovery discovery,
            DataPlane data,
            RemoteTable remote,
            String processUuid,
            String nodeUuid,
            boolean inboundAllowed) {
        this.topics = topics;
        this.catalog = catalog;
        this.names = names;
        this.discovery = discovery;
        this.data = data;
        this.remote = remote;
        this.processUuid = processUuid;
        this.nodeUuid = nodeUuid;
        this.inboundAllowed = inboundAllowed;
    }

    // ---------------------------------------------------------------- the bus, looked at every tick

    /** Brings the advertisements and subscriptions in line with the bus's topics. */
    void sync() {
        TopicBus current = topics.currentBus(WorldId.DEFAULT).orElse(null);
        if (current != bus) { // a reload: the old bus and everything on it are gone
            for (String topic : List.copyOf(advertised.keySet())) {
                unadvertise(topic);
            }
            outbound.clear();
            inbound.values().forEach(Inbound::close);
            inbound.clear();
            bus = current;
        }
        if (bus == null) {
            return;
        }
        Map<String, TopicInfo> now = new HashMap<>();
        for (TopicInfo t : bus.topics()) {
            now.put(t.name(), t);
        }
        for (TopicInfo t : now.values()) {
            boolean published = t.publishers().stream().anyMatch(o -> !o.equals(OWNER));
            boolean subscribed = t.subscribers().stream().anyMatch(o -> !o.equals(OWNER));
            Optional<Class<? extends Message>> type = bus.messageType(t.name());
            Optional<String> wire = type.flatMap(catalog::wireName);
            if (wire.isEmpty() || GzNames.topicProblem(t.name()) != null) {
                continue;
            }
            if (published && !advertised.containsKey(t.name())) {
                advertised.put(t.name(), new Advertised(type.get(), wire.get()));
                discovery.send(UdpDiscovery.Channel.MSG, Type.ADVERTISE, advertisement(t.name(), wire.get()));
            }
            if (subscribed && inboundAllowed && !inbound.containsKey(t.name())) {
                inbound.put(t.name(), new Inbound(t.name(), type.get()));
                discovery.subscribe(UdpDiscovery.Channel.MSG, names.qualify(t.name()));
                remote.publishers(t.name()).forEach(this::connect);
            }
        }
        for (String topic : List.copyOf(advertised.keySet())) {
            TopicInfo t = now.get(topic);
            if (t == null || t.publishers().stream().allMatch(OWNER::equals)) {
                unadvertise(topic);
            }
        }
        for (String topic : List.copyOf(inbound.keySet())) {
            TopicInfo t = now.get(topic);
            if (t == null || t.subscribers().stream().allMatch(OWNER::equals)) {
                Inbound in = inbound.remove(topic);
                in.close();
                data.unsubscribe(names.qualify(topic));
                for (RemoteTable.Entry p : remote.publishers(topic)) {
                    discovery.send(UdpDiscovery.Channel.MSG, Type.END_CONNECTION, connection(p));
                }
            }
        }
        updateOutbound();
    }

    private void unadvertise(String topic) {
        Advertised a = advertised.remove(topic);
        discovery.send(UdpDiscovery.Channel.MSG, Type.UNADVERTISE, advertisement(topic, a.wireType()));
        Subscription s = outbound.remove(topic);
        if (s != null) {
            s.cancel();
        }
    }

    /** Subscribes on the bus to the advertised topics some gz process subscribes to, and only to those. */
    void updateOutbound() {
        if (bus == null) {
            return;
        }
        for (Map.Entry<String, Advertised> e : advertised.entrySet()) {
            String topic = e.getKey();
            boolean wanted = remote.subscribers(topic).stream()
                    .anyMatch(
                            s -> MessageCatalog.sameType(s.type(), e.getValue().type()));
            Subscription s = outbound.get(topic);
            if (wanted && s == null) {
                String qualified = names.qualify(topic);
                String wireType = e.getValue().wireType();
                try {
                    outbound.put(
                            topic, bus.subscribe(topic, e.getValue().type(), OWNER, m -> send(qualified, m, wireType)));
                } catch (IllegalArgumentException ex) {
                    log.debug(
                            "gz-transport: cannot subscribe to {}: {}", LogSafe.of(topic), LogSafe.of(ex.getMessage()));
                }
            } else if (!wanted && s != null) {
                outbound.remove(topic).cancel();
            }
        }
    }

    /** Runner thread: hands a bus message to the publishing thread, unless this bridge posted it. */
    private void send(String qualified, Message message, String wireType) {
        if (!injected.remove(message)) {
            data.publish(qualified, message, wireType);
        }
    }

    /** What this node re-advertises every heartbeat. */
    List<Discovery.Publisher> owned() {
        List<Discovery.Publisher> list = new ArrayList<>();
        advertised.forEach((topic, a) -> list.add(advertisement(topic, a.wireType())));
        return list;
    }

    private Discovery.Publisher advertisement(String topic, String wireType) {
        return Discovery.Publisher.newBuilder()
                .setTopic(names.qualify(topic))
                .setAddress(data.publisherAddress())
                .setProcessUuid(processUuid)
                .setNodeUuid(nodeUuid)
                .setScope(Scope.ALL)
                .setMsgPub(MessagePublisher.newBuilder()
                        .setCtrl("unused")
                        .setMsgType(wireType)
                        .setMsgsPerSec(-1L)) // 2^64-1 as unsigned: unthrottled
                .build();
    }

    // ---------------------------------------------------------------- what discovery hears

    void onAdvertise(Discovery.Publisher p, String topic) {
        if (!p.hasMsgPub()) {
            return;
        }
        RemoteTable.Entry e = new RemoteTable.Entry(
                topic,
                p.getProcessUuid(),
                p.getNodeUuid(),
                p.getAddress(),
                p.getMsgPub().getMsgType());
        if (remote.addPublisher(e) && inbound.containsKey(topic)) {
            connect(e);
        }
    }

    void onUnadvertise(Discovery.Publisher p, String topic) {
        remote.removePublisher(topic, p.getProcessUuid(), p.getNodeUuid());
        updateInboundPublishers(topic);
    }

    void onSubscribe(String topic) {
        Advertised a = advertised.get(topic);
        if (a != null) {
            discovery.send(UdpDiscovery.Channel.MSG, Type.ADVERTISE, advertisement(topic, a.wireType()));
        }
    }

    void onNewConnection(Discovery.Publisher p, String topic) {
        if (p.hasMsgPub() && processUuid.equals(p.getMsgPub().getCtrl())) {
            remote.addSubscriber(new RemoteTable.Entry(
                    topic,
                    p.getProcessUuid(),
                    p.getNodeUuid(),
                    "",
                    p.getMsgPub().getMsgType()));
            updateOutbound();
        }
    }

    void onEndConnection(Discovery.Publisher p, String topic) {
        String ctrl = p.hasMsgPub() ? p.getMsgPub().getCtrl() : "";
        if (ctrl.isEmpty() || processUuid.equals(ctrl)) {
            remote.removeSubscriber(topic, p.getProcessUuid(), p.getNodeUuid());
            updateOutbound();
        }
    }

    void onGone(String process) {
        remote.removeProcess(process);
        updateOutbound();
        inbound.keySet().forEach(this::updateInboundPublishers);
    }

    /** The SUBSCRIBERS_REP answers to a SUBSCRIBERS_REQ (gz-transport 13's {@code gz topic -l}). */
    List<Discovery.Publisher> subscriptions() {
        List<Discovery.Publisher> list = new ArrayList<>();
        inbound.forEach((topic, in) -> catalog.wireName(in.type)
                .ifPresent(w -> list.add(Discovery.Publisher.newBuilder()
                        .setTopic(names.qualify(topic))
                        .setAddress(data.publisherAddress())
                        .setProcessUuid(processUuid)
                        .setNodeUuid(nodeUuid)
                        .setScope(Scope.ALL)
                        .setMsgPub(MessagePublisher.newBuilder().setMsgType(w))
                        .build())));
        return list;
    }

    /** Connects to a remote publisher of an inbound topic and registers with it, as a gz subscriber does. */
    private void connect(RemoteTable.Entry p) {
        Inbound in = inbound.get(p.topic());
        if (in == null
                || !MessageCatalog.sameType(p.type(), in.type)
                || p.process().equals(processUuid)) {
            return;
        }
        data.subscribe(p.address(), names.qualify(p.topic()));
        discovery.send(UdpDiscovery.Channel.MSG, Type.NEW_CONNECTION, connection(p));
        in.advertiseOnBus();
    }

    private Discovery.Publisher connection(RemoteTable.Entry p) {
        return Discovery.Publisher.newBuilder()
                .setTopic(names.qualify(p.topic()))
                .setAddress(p.address())
                .setProcessUuid(processUuid)
                .setNodeUuid(nodeUuid)
                .setScope(Scope.ALL)
                .setMsgPub(MessagePublisher.newBuilder().setCtrl(p.process()).setMsgType(p.type()))
                .build();
    }

    private void updateInboundPublishers(String topic) {
        Inbound in = inbound.get(topic);
        if (in != null && remote.publishers(topic).isEmpty()) {
            in.withdrawFromBus();
        }
    }

    // ---------------------------------------------------------------- messages from gz publishers

    /** Receiving thread: a message on a topic this bridge takes, posted to the runner. */
    void onMessage(String qualified, String wireType, byte[] bytes) {
        Optional<String> topic = names.topicOf(qualified);
        Inbound in = topic.map(inbound::get).orElse(null);
        if (in == null || !MessageCatalog.sameType(wireType, in.type)) {
            return;
        }
        in.deliver(MessageCatalog.decode(bytes, in.type));
    }

    /** One inbound topic: its type, its bus advertisement while gz publishers exist, the message waiting. */
    private final class Inbound {
        private final String topic;
        private final Class<? extends Message> type;
        private final AtomicReference<Message> waiting = new AtomicReference<>();
        private final AtomicBoolean inFlight = new AtomicBoolean();
        private Publisher<?> onBus;
        private volatile boolean closed;
        private boolean warned;

        Inbound(String topic, Class<? extends Message> type) {
            this.topic = topic;
            this.type = type;
        }

        void advertiseOnBus() {
            if (onBus == null && bus != null) {
                try {
                    onBus = bus.advertise(topic, type, OWNER);
                } catch (IllegalArgumentException e) {
                    log.debug(
                            "gz-transport: cannot advertise {} on the bus: {}",
                            LogSafe.of(topic),
                            LogSafe.of(e.getMessage()));
                }
            }
        }

        void withdrawFromBus() {
            if (onBus != null) {
                onBus.close();
                onBus = null;
            }
        }

        void close() {
            closed = true;
            withdrawFromBus();
        }

        void deliver(Message message) {
            waiting.set(message);
            if (inFlight.compareAndSet(false, true)) {
                postNext();
            }
        }

        private void postNext() {
            Message m = waiting.getAndSet(null);
            if (m == null || closed) {
                inFlight.set(false);
                if (!closed && waiting.get() != null && inFlight.compareAndSet(false, true)) {
                    postNext();
                }
                return;
            }
            injected.add(m);
            topics.publish(WorldId.DEFAULT, topic, m).whenComplete((ok, error) -> {
                injected.remove(m);
                if (error != null && !warned) {
                    warned = true; // once per topic: a flood of refusals would flood the log
                    log.info(
                            "gz-transport: a message on {} was refused: {}",
                            LogSafe.of(topic),
                            LogSafe.of(rootMessage(error)));
                } else if (error == null) {
                    warned = false;
                }
                postNext();
            });
        }
    }

    static String rootMessage(Throwable t) {
        Throwable c = t;
        while ((c instanceof java.util.concurrent.CompletionException
                        || c instanceof java.util.concurrent.ExecutionException)
                && c.getCause() != null) {
            c = c.getCause();
        }
        return c.getMessage();
    }
}
