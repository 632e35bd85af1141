package io.orrery.transport.record;

import com.google.protobuf.Message;
import com.gz.msgs.PoseVProtos.Pose_V;
import dev.foxglove.schemas.FrameTransforms;
import dev.foxglove.schemas.SceneUpdate;
import io.orrery.app.Topics;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.topic.Subscription;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import io.orrery.topic.TopicListener;
import io.orrery.topic.TopicMessage;
import io.orrery.transport.scene.SceneBuilder;
import io.orrery.transport.scene.SceneTopics;
import io.orrery.world.ModelSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records the world's topics into an MCAP file with the channels the Foxglove server advertises: every bus topic
 * (or those {@code orrery.record.topics} selects) as protobuf with its gz-msgs schema, the scene as
 * {@code foxglove.SceneUpdate} whenever the models change and the link frames as {@code foxglove.FrameTransforms};
 * each message's log and publish time is the sim time it was published at. A topic that appears is subscribed to
 * from the bus's {@link TopicListener}, on the thread that advertises it, so its first message is recorded however
 * fast the run; a tick follows the rest (the topics there were, a reload, the scene). The runner's thread only hands
 * each message to the recording's queue.
 */
final class Recorder {

    private static final Logger log = LoggerFactory.getLogger(Recorder.class);

    /** The recorder's name on the bus, as a subscriber. */
    static final String OWNER = "recorder";

    private final WorldId world = WorldId.DEFAULT;
    private final Topics topics;
    private final WorldFiles files;
    private final RecordProperties properties;
    private final Map<String, String> about;

    /**
     * Guards the recording, the bus followed and the subscriptions. Not the recorder's own lock, which the tick holds
     * while it waits for the runner (the scene): the runner's thread takes this one when it advertises a topic.
     */
    private final Object following = new Object();

    private Recording recording;
    private TopicBus bus;
    /** Subscribes to each topic that appears on {@link #bus}, before its first message. */
    private final TopicListener appeared = this::appeared;
    /** The recording's own choice of topics, besides the configuration's (a world's LogRecord selection). */
    private Predicate<String> selected = name -> true;

    private final Map<String, Subscription> open = new HashMap<>();
    private final AtomicLong latestTime = new AtomicLong();
    /** The last pose/info, whose models decide whether the scene is due again (read by the tick). */
    private volatile Pose_V latestPoses;

    private Pose_V keyed;
    private long modelsKey;
    /** Whether a pose/info has come since the bus was followed: the scene waits for it (and for its models). */
    private volatile boolean posesSeen;

    private long sceneKey;
    private boolean sceneWanted;
    /** Counts the buses followed: a scene captured from one is not offered once another is followed. */
    private long busGeneration;

    /** Told when a recording starts (after the file is open) and before it ends: what replay keeps. */
    interface Extra {
        Extra NONE = new Extra() {};

        default void started(Recording recording) throws IOException {}

        default void ending(Recording recording) {}
    }

    private final Extra extra;

    Recorder(Topics topics, WorldFiles files, RecordProperties properties, Map<String, String> about) {
        this(topics, files, properties, about, Extra.NONE);
    }

    Recorder(Topics topics, WorldFiles files, RecordProperties properties, Map<String, String> about, Extra extra) {
        this.extra = extra;
        this.topics = topics;
        this.files = files;
        this.properties = properties;
        this.about = Map.copyOf(about);
    }

    /**
     * Starts recording into {@code file}; the bus is followed from the next tick.
     *
     * @throws IllegalStateException naming the recording under way, when there is one
     */
    synchronized void start(Path file) throws IOException {
        start(file, name -> true);
    }

    /**
     * Starts recording into {@code file} the topics {@code orrery.record.topics} and {@code selected} both take.
     *
     * @throws IllegalStateException naming the recording under way, when there is one
     */
    synchronized void start(Path file, Predicate<String> selected) throws IOException {
        if (recording != null) {
            throw new IllegalStateException(
                    "a recording is under way into " + recording.file() + "; end it first (DELETE /api/recording)");
        }
        Recording started = Recording.start(file, properties, about);
        try {
            extra.started(started);
        } catch (IOException | RuntimeException e) {
            try {
                started.end();
            } catch (IOException suppressed) { // the first failure is the one to tell
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        synchronized (following) {
            recording = started;
            this.selected = selected;
        }
        sceneWanted = true;
        log.info("Recording the run into {}", file);
        followBus(); // never the scene here: start may run on the runner's thread, which the scene waits for
    }

    /** Ends the recording under way, if there is one: its file is complete when this returns. */
    synchronized Optional<Recording.Summary> stop() throws IOException {
        if (recording == null) {
            return Optional.empty();
        }
        Recording r;
        synchronized (following) {
            closeAll();
            bus = null;
            r = recording;
            recording = null;
        }
        extra.ending(r);
        Recording.Summary s = r.end();
        log.info(
                "Recorded {} messages into {} ({} bytes; {} dropped, {} over orrery.record.max-size)",
                s.messages(),
                s.file(),
                s.bytes(),
                s.dropped(),
                s.overSize());
        return Optional.of(s);
    }

    /**
     * Offers the scene of {@code models} (a world's models as loaded) unless one was offered for the bus followed: a
     * recording ended on the runner's thread (a reload) before the tick captured the scene still has one. Any thread.
     */
    synchronized void sceneIfMissing(List<ModelSpec> models) {
        if (recording == null || !posesSeen || !sceneWanted || !properties.records(SceneTopics.SCENE)) {
            return;
        }
        long time = latestTime.get();
        recording.offer(SceneTopics.SCENE, SceneUpdate.class, time, SceneBuilder.scene(models, time));
        sceneWanted = false;
    }

    /** The recording under way: its file and counts. */
    synchronized Optional<Recording> current() {
        return Optional.ofNullable(recording);
    }

    /** The topics read from the bus now (for tests and the status). */
    Set<String> topicsRead() {
        synchronized (following) {
            return new TreeSet<>(open.keySet());
        }
    }

    /**
     * Follows the bus: new and gone topics, a reload, a changed set of models (a new scene). Tick thread. The scene
     * waits for the runner, so it is captured without holding this recorder: the runner's thread may start or stop a
     * recording meanwhile (a world's LogRecord, at load).
     */
    void tick() {
        Recording into;
        long key;
        long time;
        long generation;
        synchronized (this) {
            if (recording == null || !followBus()) {
                return;
            }
            Pose_V poses = latestPoses;
            if (poses != null && poses != keyed) {
                modelsKey = SceneTopics.modelsKey(poses);
                keyed = poses;
            }
            key = modelsKey;
            if (!(posesSeen && properties.records(SceneTopics.SCENE) && (sceneWanted || key != sceneKey))) {
                return;
            }
            into = recording;
            time = latestTime.get();
            generation = busGeneration;
        }
        SceneUpdate scene;
        try {
            scene = SceneBuilder.scene(SceneTopics.models(files, world), time);
        } catch (RuntimeException e) { // the world went away under the capture: the next tick tries again
            log.debug("Recording: no scene yet: {}", e.toString());
            return;
        }
        synchronized (this) {
            if (recording != into || busGeneration != generation) { // ended, or another world: the next tick's
                return;
            }
            into.offer(SceneTopics.SCENE, SceneUpdate.class, time, scene);
            sceneKey = key;
            sceneWanted = false;
        }
    }

    /** The tick's look at the bus: a reload, the topics there are and those gone. False when there is no bus. */
    private boolean followBus() {
        synchronized (following) {
            TopicBus current = topics.currentBus(world).orElse(null);
            if (current != bus) {
                closeAll();
                bus = current;
                busGeneration++;
                sceneWanted = true;
                posesSeen = false;
                if (bus != null) {
                    bus.addTopicListener(appeared); // before listing: a topic appearing meanwhile is met both ways
                }
            }
            if (bus == null) {
                return false;
            }
            Optional<String> poses = SceneTopics.poseInfo(bus);
            Set<String> now = new HashSet<>();
            for (TopicInfo t : bus.topics()) {
                if (follow(t.name(), poses)) {
                    now.add(t.name());
                }
            }
            open.keySet().removeIf(name -> {
                if (now.contains(name)) {
                    return false;
                }
                open.get(name).cancel();
                return true;
            });
            return true;
        }
    }

    /** The bus's listener: a topic has appeared, on the thread that advertised it, before its first message. */
    private void appeared(TopicInfo topic) {
        synchronized (following) {
            if (recording != null && bus != null && bus.topic(topic.name()).isPresent()) {
                follow(topic.name(), SceneTopics.poseInfo(bus));
            }
        }
    }

    /** Subscribes to {@code name} unless it is read already; false when it is not one to read. */
    private boolean follow(String name, Optional<String> poses) {
        Optional<Class<? extends Message>> type = bus.messageType(name);
        boolean isPoses = poses.filter(name::equals).isPresent();
        boolean wanted = properties.records(name) && selected.test(name);
        if (type.isEmpty() || !(wanted || isPoses)) {
            return false;
        }
        if (!open.containsKey(name)) {
            open.put(name, subscribe(bus, name, type.get(), wanted, isPoses));
        }
        return true;
    }

    private Subscription subscribe(
            TopicBus b, String topic, Class<? extends Message> type, boolean recordIt, boolean isPoses) {
        Recording into = recording;
        boolean frames = isPoses && properties.records(SceneTopics.TRANSFORMS);
        return b.subscribe(topic, type, OWNER, properties.periodNanos(), m -> {
            long t = b.latest(topic).map(TopicMessage::simTimeNanos).orElse(0L);
            if (recordIt) {
                into.offer(topic, type, t, m);
            }
            if (isPoses) { // the frames and the models' key are made on the writer's and the tick's threads
                Pose_V v = (Pose_V) m;
                latestTime.set(t);
                latestPoses = v;
                posesSeen = true;
                if (frames) {
                    into.offerBuilt(
                            SceneTopics.TRANSFORMS, FrameTransforms.class, t, () -> SceneBuilder.transforms(v, t));
                }
            }
        });
    }

    private void closeAll() {
        if (bus != null) {
            bus.removeTopicListener(appeared);
        }
        open.values().forEach(Subscription::cancel);
        open.clear();
    }
}
