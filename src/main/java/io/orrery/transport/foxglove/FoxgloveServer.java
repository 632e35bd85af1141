package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.gz.msgs.PoseVProtos.Pose_V;
import dev.foxglove.schemas.FrameTransforms;
import dev.foxglove.schemas.SceneUpdate;
import io.orrery.topic.TopicBus;
import io.orrery.transport.scene.SceneBuilder;
import io.orrery.transport.scene.SceneTopics;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.WebSocketSession;

/**
 * Foxglove's WebSocket protocol over the world's topic bus: server info, every bus topic advertised as a protobuf
 * channel (its gz-msgs schema as a FileDescriptorSet), the scene and the link frames as Foxglove's own
 * {@code SceneUpdate} and {@code FrameTransforms}, subscriptions, client publishing, world control as services and
 * the real-time factor as a parameter. A tick ({@code orrery.foxglove.sync-period}) follows the bus's topics and
 * reloads; nothing here runs on the runner thread but the hand-off of a message to the subscribers' queues.
 */
final class FoxgloveServer {

    private static final Logger log = LoggerFactory.getLogger(FoxgloveServer.class);

    static final String SCENE = SceneTopics.SCENE;
    static final String TRANSFORMS = SceneTopics.TRANSFORMS;

    static final List<String> CAPABILITIES = List.of("clientPublish", "services", "parameters", "time");
    static final List<String> ENCODINGS = List.of(Channel.PROTOBUF, ServiceTable.JSON);

    private final WorldPort world;
    private final FoxgloveProperties properties;
    private final Executor sendPool;
    private final ServerMessages messages;
    private final ChannelTable table = new ChannelTable();
    private final ServiceTable services;
    private final ClientRequests requests;
    private final Set<Connection> clients = new CopyOnWriteArraySet<>();
    private final String sessionId = UUID.randomUUID().toString();
    private final AtomicInteger counter = new AtomicInteger();

    /** The models' names in the latest pose/info, to notice a spawn or a removal; runner thread writes. */
    private final AtomicLong modelsKey = new AtomicLong();

    private final AtomicLong latestTime = new AtomicLong();
    private final AtomicBoolean sceneWanted = new AtomicBoolean(true);
    private long sceneKey = Long.MIN_VALUE;
    private TopicBus bus;

    FoxgloveServer(WorldPort world, FoxgloveProperties properties, ObjectMapper mapper, Executor sendPool) {
        this.world = world;
        this.properties = properties;
        this.sendPool = sendPool;
        this.messages = new ServerMessages(mapper);
        this.services = new ServiceTable(world);
        this.requests = new ClientRequests(world, properties, mapper, messages, table, services);
    }

    /** The clients connected now. */
    Set<Connection> clients() {
        return clients;
    }

    /**
     * A client has connected: it gets the server info, the channels and the services.
     *
     * @param mayControl whether it presented the token (or none is set): publishing and services need it
     * @return the connection, or empty when {@code orrery.foxglove.max-clients} are connected already
     */
    Optional<Connection> open(WebSocketSession session, boolean mayControl) {
        if (clients.size() >= properties.maxClients()) {
            return Optional.empty();
        }
        Connection c = new Connection(
                session,
                "foxglove-" + counter.incrementAndGet(),
                sendPool,
                properties.maxQueuedMessages(),
                properties.maxQueuedFrames(),
                mayControl);
        clients.add(c);
        c.sendText(messages.serverInfo(
                "orrery",
                CAPABILITIES,
                ENCODINGS,
                Map.of("control", mayControl ? "allowed" : "needs the token (orrery.api.token)"),
                sessionId));
        synchronized (this) {
            c.sendText(messages.advertise(table.channels()));
        }
        c.sendText(messages.advertiseServices(services.all()));
        return Optional.of(c);
    }

    /** A client has gone. */
    void closed(Connection c) {
        c.closed();
        clients.remove(c);
        table.drop(c);
        if (c.dropped() > 0) {
            log.info(
                    "Foxglove client {} left; {} messages were dropped because it did not keep up",
                    c.name(),
                    c.dropped());
        }
    }

    void onText(Connection c, String text) {
        requests.onText(c, text);
    }

    void onBinary(Connection c, ByteBuffer frame) {
        requests.onBinary(c, frame);
    }

    /** Follows the bus: new and gone topics, a reload, a changed set of models (a new scene). Tick thread. */
    synchronized void tick() {
        TopicBus current = world.bus().orElse(null);
        if (current != bus) {
            bus = current;
            sceneWanted.set(true);
        }
        List<ChannelTable.Extra> extra = new ArrayList<>();
        Optional<String> poses = current == null ? Optional.empty() : SceneTopics.poseInfo(current);
        if (poses.isPresent()) {
            String topic = poses.get();
            extra.add(new ChannelTable.Extra(
                    TRANSFORMS,
                    FrameTransforms.class,
                    (b, sink) -> ChannelTable.busTopic(b, topic, Pose_V.class, (t, m) -> {
                        Pose_V v = (Pose_V) m;
                        latestTime.set(t);
                        modelsKey.set(SceneTopics.modelsKey(v));
                        sink.accept(t, SceneBuilder.transforms(v, t));
                    }),
                    false));
            extra.add(new ChannelTable.Extra(SCENE, SceneUpdate.class, (b, sink) -> () -> {}, true));
        }
        ChannelTable.Changes changes = table.sync(current, extra);
        if (!changes.isEmpty()) {
            for (Connection c : clients) {
                if (!changes.removed().isEmpty()) {
                    c.sendText(messages.unadvertise(changes.removed()));
                }
                if (!changes.added().isEmpty()) {
                    c.sendText(messages.advertise(changes.added()));
                }
            }
        }
        long key = modelsKey.get();
        if (poses.isPresent() && (sceneWanted.getAndSet(false) || key != sceneKey)) {
            sceneKey = key;
            publishScene();
        }
    }

    private void publishScene() {
        long time = latestTime.get();
        world.models()
                .thenAccept(models -> table.publish(SCENE, time, SceneBuilder.scene(models, time)))
                .exceptionally(e -> {
                    log.debug("Foxglove: no scene: {}", e.toString());
                    sceneWanted.set(true);
                    return null;
                });
    }

    /** Closes every client (going away). */
    void close() {
        for (Connection c : clients) {
            c.cutOff(org.springframework.web.socket.CloseStatus.GOING_AWAY);
        }
    }
}
