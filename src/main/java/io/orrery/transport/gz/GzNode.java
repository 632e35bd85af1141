package io.orrery.transport.gz;

import com.google.protobuf.Message;
import com.gz.msgs.DiscoveryProtos.Discovery.Publisher;
import com.gz.msgs.DiscoveryProtos.Discovery.Publisher.Scope;
import com.gz.msgs.DiscoveryProtos.Discovery.Publisher.ServicePublisher;
import com.gz.msgs.DiscoveryProtos.Discovery.Type;
import io.orrery.app.Topics;
import io.orrery.log.LogSafe;
import io.orrery.transport.gz.UdpDiscovery.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gz-transport node: discovery, the data path, the topic bridge and the world services, started and stopped as
 * one. Discovery's thread drives the bridge and the service advertisements; the receiving thread hands service
 * calls to the world services and sends each answer once its runner command has been applied, or after
 * {@link #ANSWER_AFTER_MILLIS} ms as gz sim answers (true: queued), whichever is first; a later refusal is logged.
 */
final class GzNode implements AutoCloseable, UdpDiscovery.Listener, DataPlane.Inbound {

    private static final Logger log = LoggerFactory.getLogger(GzNode.class);

    /** How long a service call waits for its command before it is answered as queued. */
    static final long ANSWER_AFTER_MILLIS = 2000;

    private static final long SERVICE_REFRESH_NANOS = 500_000_000L;

    private final String processUuid = UUID.randomUUID().toString();
    private final String topicNode = UUID.randomUUID().toString();
    private final String serviceNode = UUID.randomUUID().toString();
    private final GzEnvironment env;
    private final GzTransportProperties properties;
    private final GzNames names;
    private final MessageCatalog catalog;
    private final UdpDiscovery discovery;
    private final DataPlane data;
    private final TopicBridge bridge;
    private final WorldServices world;
    private final AtomicInteger calls = new AtomicInteger();
    /** The services offered now, by qualified name (written on the discovery thread, read on the receiving one). */
    private volatile Map<String, WorldServices.Service> services = Map.of();

    private long nextServiceRefresh;

    GzNode(
            GzEnvironment env,
            GzTransportProperties properties,
            MessageCatalog catalog,
            Topics topics,
            WorldServices world,
            boolean controlAllowed)
            throws IOException {
        this.env = env;
        this.properties = properties;
        this.names = new GzNames(env.partition());
        this.catalog = catalog;
        this.world = world;
        this.discovery = new UdpDiscovery(env, processUuid, properties.maxPeers());
        try {
            this.data = new DataPlane(env.host().getHostAddress(), properties, this);
        } catch (RuntimeException e) {
            discovery.close();
            throw e;
        }
        this.bridge = new TopicBridge(
                topics,
                catalog,
                names,
                discovery,
                data,
                new RemoteTable(properties.maxRemoteEntries()),
                processUuid,
                topicNode,
                controlAllowed);
    }

    void start() {
        data.start();
        discovery.start(this);
        log.info(
                "gz-transport node in partition '{}' on {} (topics {}, services {}), discovery {}:{}/{}, types {}*",
                LogSafe.of(env.partition()),
                env.host().getHostAddress(),
                data.publisherAddress(),
                data.replierAddress(),
                env.group().getHostAddress(),
                env.msgPort(),
                env.srvPort(),
                properties.typePrefix());
    }

    /** True while discovery and the data path run. */
    boolean alive() {
        return data.alive();
    }

    String partition() {
        return env.partition();
    }

    /** Messages and answers dropped so far: {@code replies}, {@code outgoing} or {@code incoming}. */
    long dropped(String what) {
        return switch (what) {
            case "replies" -> data.droppedReplies();
            case "outgoing" -> data.droppedOutgoing();
            case "incoming" -> data.droppedIncoming();
            default -> throw new IllegalArgumentException("unknown drop count '" + what + "'");
        };
    }

    /** The endpoint service requests go to, as the advertisements name it. */
    String serviceAddress() {
        return data.replierAddress();
    }

    // ---------------------------------------------------------------- discovery's thread

    @Override
    public void tick() {
        bridge.sync();
        long now = System.nanoTime();
        if (now - nextServiceRefresh >= 0) {
            refreshServices();
            nextServiceRefresh = now + SERVICE_REFRESH_NANOS;
        }
    }

    private void refreshServices() {
        Map<String, WorldServices.Service> next = new HashMap<>();
        for (WorldServices.Service s : world.services()) {
            next.put(names.qualify(s.name()), s);
        }
        Map<String, WorldServices.Service> old = services;
        if (next.keySet().equals(old.keySet())) {
            services = next;
            return;
        }
        old.forEach((q, s) -> {
            if (!next.containsKey(q)) {
                discovery.send(Channel.SRV, Type.UNADVERTISE, advertisement(q, s));
            }
        });
        services = next;
        next.forEach((q, s) -> {
            if (!old.containsKey(q)) {
                discovery.send(Channel.SRV, Type.ADVERTISE, advertisement(q, s));
            }
        });
    }

    private Publisher advertisement(String qualified, WorldServices.Service s) {
        return Publisher.newBuilder()
                .setTopic(qualified)
                .setAddress(data.replierAddress())
                .setProcessUuid(processUuid)
                .setNodeUuid(serviceNode)
                .setScope(Scope.ALL)
                .setSrvPub(ServicePublisher.newBuilder()
                        .setSocketId(data.replierId())
                        .setRequestType(catalog.wireName(s.request()))
                        .setResponseType(catalog.wireName(s.response())))
                .build();
    }

    @Override
    public List<Publisher> owned(Channel channel) {
        if (channel == Channel.MSG) {
            return bridge.owned();
        }
        List<Publisher> list = new ArrayList<>();
        services.forEach((q, s) -> list.add(advertisement(q, s)));
        return list;
    }

    @Override
    public void onMessage(Channel channel, com.gz.msgs.DiscoveryProtos.Discovery msg, boolean local) {
        if (channel == Channel.SRV) {
            if (msg.getType() == Type.SUBSCRIBE && msg.hasSub()) {
                WorldServices.Service s = services.get(msg.getSub().getTopic());
                if (s != null) {
                    discovery.send(
                            Channel.SRV,
                            Type.ADVERTISE,
                            advertisement(msg.getSub().getTopic(), s));
                }
            }
            return;
        }
        switch (msg.getType()) {
            case SUBSCRIBE -> {
                if (msg.hasSub()) {
                    names.topicOf(msg.getSub().getTopic()).ifPresent(bridge::onSubscribe);
                }
            }
            case ADVERTISE, UNADVERTISE, NEW_CONNECTION, END_CONNECTION -> {
                if (!msg.hasPub() || !visible(msg.getPub(), local)) {
                    return;
                }
                Optional<String> topic = names.topicOf(msg.getPub().getTopic());
                if (topic.isEmpty()) {
                    return;
                }
                switch (msg.getType()) {
                    case ADVERTISE -> bridge.onAdvertise(msg.getPub(), topic.get());
                    case UNADVERTISE -> bridge.onUnadvertise(msg.getPub(), topic.get());
                    case NEW_CONNECTION -> bridge.onNewConnection(msg.getPub(), topic.get());
                    default -> bridge.onEndConnection(msg.getPub(), topic.get());
                }
            }
            case SUBSCRIBERS_REQ ->
                bridge.subscriptions()
                        .forEach(p -> discovery.send(
                                Channel.MSG,
                                com.gz.msgs.DiscoveryProtos.Discovery.newBuilder()
                                        .setType(Type.SUBSCRIBERS_REP)
                                        .setPub(p)));
            default -> {
                // HEARTBEAT and SUBSCRIBERS_REP: discovery has noted the sender is alive
            }
        }
    }

    /** gz-transport's scope rule: a PROCESS item is never seen outside, a HOST item only from this machine. */
    private static boolean visible(Publisher p, boolean local) {
        return p.getScope() == Scope.ALL || p.getScope() == Scope.HOST && local;
    }

    @Override
    public void onGone(String process) {
        bridge.onGone(process);
    }

    // ---------------------------------------------------------------- the receiving thread

    @Override
    public void onTopicMessage(String qualifiedTopic, String type, byte[] bytes) {
        bridge.onMessage(qualifiedTopic, type, bytes);
    }

    @Override
    public void onServiceRequest(DataPlane.Request r) {
        WorldServices.Service s = services.get(r.topic());
        if (s == null
                || !MessageCatalog.sameType(r.requestType(), s.request())
                || !MessageCatalog.sameType(r.responseType(), s.response())) {
            // not ours, as gz-transport ignores a request it has no replier for
            log.debug(
                    "gz-transport {}: request {} ({} -> {}) not taken: no such service here",
                    LogSafe.of(r.topic()),
                    LogSafe.of(r.requestUuid()),
                    LogSafe.of(r.requestType()),
                    LogSafe.of(r.responseType()));
            return;
        }
        log.debug(
                "gz-transport {}: request {} from {}",
                LogSafe.of(s.name()),
                LogSafe.of(r.requestUuid()),
                LogSafe.of(r.replyTo()));
        if (calls.incrementAndGet() > properties.maxServiceCalls()) {
            calls.decrementAndGet();
            log.info(
                    "gz-transport {}: refused: {} calls are waiting already (orrery.transport.max-service-calls)",
                    LogSafe.of(s.name()),
                    properties.maxServiceCalls());
            data.reply(r, new byte[0], false);
            return;
        }
        CompletableFuture<? extends Message> call;
        try {
            call = s.handler().call(r.data());
        } catch (Exception e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((m, e) -> {
            calls.decrementAndGet();
            if (e != null) {
                log.info("gz-transport {}: refused: {}", LogSafe.of(s.name()), LogSafe.of(TopicBridge.rootMessage(e)));
            }
        });
        CompletableFuture<Message> answered = call.<Message>thenApply(m -> m).copy();
        Message queued = s.changesWorld() ? WorldServicesAnswers.TRUE : null;
        if (queued != null) {
            answered.completeOnTimeout(queued, ANSWER_AFTER_MILLIS, TimeUnit.MILLISECONDS);
        }
        // No service of Orrery's answers gz.msgs.Empty, so none is one-way: every call gets a reply.
        answered.whenComplete((m, e) -> data.reply(r, e == null ? m.toByteArray() : new byte[0], e == null));
    }

    // ---------------------------------------------------------------- stop

    /** Withdraws every advertisement, says bye on both ports and closes the sockets. */
    @Override
    public void close() {
        try {
            for (Publisher p : bridge.owned()) {
                discovery.send(Channel.MSG, Type.UNADVERTISE, p);
            }
            for (Publisher p : owned(Channel.SRV)) {
                discovery.send(Channel.SRV, Type.UNADVERTISE, p);
            }
            for (Channel c : Channel.values()) {
                discovery.send(
                        c, com.gz.msgs.DiscoveryProtos.Discovery.newBuilder().setType(Type.BYE));
            }
        } finally {
            discovery.close();
            data.close();
        }
    }

    /** The answers' constants. */
    private static final class WorldServicesAnswers {
        static final Message TRUE =
                com.gz.msgs.BoolProtos.Boolean.newBuilder().setData(true).build();
    }
}
