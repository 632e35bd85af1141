package io.orrery.system.scenebroadcaster;

import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.system.NamedSystem;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.topic.msgs.Messages;
import java.util.ArrayList;
import java.util.List;

/**
 * What gz sim publishes about every world, on the bus, built only while something subscribes (as gz sim builds its
 * poses only for connected subscribers): {@code /world/<w>/clock} and {@code /clock} every iteration,
 * {@code /world/<w>/stats} at most 10 times a second of wall time and {@code /stats} every iteration (gz sim's
 * SimulationRunner), {@code /world/<w>/pose/info} (every model and link, poses relative to the parent, stamped in sim
 * time) at most 60 times a second and {@code /world/<w>/dynamic_pose/info} (those of models that are not static) at
 * most {@value #DYNAMIC_POSE_HERTZ} (gz sim's SceneBroadcaster and its {@code dynamic_pose_hertz} default). The root
 * {@code /clock} and {@code /stats} are left out when something else advertised them first, as gz sim does.
 * Ids are {@link EntityIds}'.
 */
public final class SceneBroadcaster implements PostUpdate, Reset, NamedSystem {

    public static final String NAME = "scene-broadcaster";
    static final double STATS_HERTZ = 10;
    static final double POSE_HERTZ = 60;
    static final double DYNAMIC_POSE_HERTZ = 60;

    private final TopicBus bus;
    private final String world;
    private final Publisher<Clock> clock;
    private final Publisher<WorldStatistics> stats;
    private final Publisher<Pose_V> poses;
    private final Publisher<Pose_V> dynamicPoses;
    private Publisher<Clock> rootClock;
    private Publisher<WorldStatistics> rootStats;
    private boolean rootsChecked;
    private final WallThrottle statsThrottle = new WallThrottle(STATS_HERTZ);
    private final WallThrottle poseThrottle = new WallThrottle(POSE_HERTZ);
    private final WallThrottle dynamicThrottle = new WallThrottle(DYNAMIC_POSE_HERTZ);
    private UpdateInfo previous;
    /** Each model's poses as last built, in load order. */
    private ModelPoses[] built = new ModelPoses[0];

    /** Advertises the world's topics on {@code bus}. */
    public SceneBroadcaster(String world, TopicBus bus) {
        this.bus = bus;
        this.world = world;
        String w = "/world/" + world;
        clock = bus.advertise(w + "/clock", Clock.class, NAME);
        stats = bus.advertise(w + "/stats", WorldStatistics.class, NAME);
        poses = bus.advertise(w + "/pose/info", Pose_V.class, NAME);
        dynamicPoses = bus.advertise(w + "/dynamic_pose/info", Pose_V.class, NAME);
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView view) {
        if (!rootsChecked) { // once the plugins have started: a plugin's own /clock wins, as in gz sim
            rootsChecked = true;
            if (bus.topic("/clock").map(t -> t.publishers().isEmpty()).orElse(true)) {
                rootClock = bus.advertise("/clock", Clock.class, NAME);
            }
            if (bus.topic("/stats").map(t -> t.publishers().isEmpty()).orElse(true)) {
                rootStats = bus.advertise("/stats", WorldStatistics.class, NAME);
            }
        }
        boolean worldClock = clock.hasSubscribers();
        boolean root = rootClock != null && rootClock.hasSubscribers();
        if (worldClock || root) {
            Clock c = clock(info);
            if (worldClock) {
                clock.publish(c);
            }
            if (root) {
                rootClock.publish(c);
            }
        }
        boolean worldStats = stats.hasSubscribers() && statsThrottle.due(info.realTimeNanos());
        boolean rootStat = rootStats != null && rootStats.hasSubscribers();
        if (worldStats || rootStat) {
            WorldStatistics s = statistics(info, view);
            if (worldStats) {
                stats.publish(s);
            }
            if (rootStat) {
                rootStats.publish(s);
            }
        }
        boolean all = poses.hasSubscribers() && poseThrottle.due(info.realTimeNanos());
        boolean dynamic = dynamicPoses.hasSubscribers() && dynamicThrottle.due(info.realTimeNanos());
        if (all || dynamic) {
            publishPoses(info, view, all, dynamic);
        }
        previous = info;
    }

    private static Clock clock(UpdateInfo info) {
        java.time.Instant now = java.time.Instant.now();
        return Clock.newBuilder()
                .setSystem(Messages.time(now))
                .setReal(Messages.time(info.realTimeNanos()))
                .setSim(Messages.time(info.simTimeNanos()))
                .build();
    }

    private WorldStatistics statistics(UpdateInfo info, WorldView view) {
        // gz sim's factor: this iteration's sim time over its wall time
        double factor = 0;
        if (previous != null && info.realTimeNanos() > previous.realTimeNanos()) {
            factor = (double) (info.simTimeNanos() - previous.simTimeNanos())
                    / (info.realTimeNanos() - previous.realTimeNanos());
        }
        return WorldStatistics.newBuilder()
                .setHeader(Messages.header(info.simTimeNanos()))
                .setSimTime(Messages.time(info.simTimeNanos()))
                .setPauseTime(Messages.time(0))
                .setRealTime(Messages.time(info.realTimeNanos()))
                .setPaused(info.paused())
                .setIterations(info.iterations())
                .setModelCount(view.modelNames().size())
                .setRealTimeFactor(Math.max(0, factor))
                .setStepSize(Messages.time(info.dtNanos()))
                .build();
    }

    private void publishPoses(UpdateInfo info, WorldView view, boolean all, boolean dynamic) {
        List<Pose> every = new ArrayList<>();
        List<Pose> moving = new ArrayList<>();
        Header stamp = Messages.header(info.simTimeNanos());
        List<ModelState> models = view.models();
        ModelPoses[] next = new ModelPoses[models.size()];
        for (int i = 0; i < next.length; i++) {
            ModelState m = models.get(i);
            // models keep their load order: the same place holds the same model unless one came or went
            ModelPoses last = i < built.length && built[i].state.name().equals(m.name()) ? built[i] : null;
            ModelPoses p = ModelPoses.of(m, last);
            next[i] = p;
            every.addAll(p.poses);
            if (!m.isStatic()) {
                moving.addAll(p.poses);
            }
        }
        built = next; // a model removed is forgotten
        if (all) {
            poses.publish(Pose_V.newBuilder().setHeader(stamp).addAllPose(every).build());
        }
        if (dynamic) {
            dynamicPoses.publish(
                    Pose_V.newBuilder().setHeader(stamp).addAllPose(moving).build());
        }
    }

    /**
     * One model's poses as last published, kept with the state they were built from: a world that reads only what
     * moved hands back the same state for a model that did not, and its poses are reused as they are. The entity
     * ids, hashed from scoped names, are kept while the model's links are the same.
     */
    private record ModelPoses(ModelState state, List<String> links, long modelId, long[] linkIds, List<Pose> poses) {

        static ModelPoses of(ModelState m, ModelPoses last) {
            if (last != null && last.state == m) {
                return last;
            }
            List<String> links = new ArrayList<>(m.links().size());
            for (LinkState l : m.links()) {
                links.add(l.name());
            }
            long modelId;
            long[] linkIds;
            if (last != null && last.links.equals(links)) {
                modelId = last.modelId;
                linkIds = last.linkIds;
            } else {
                modelId = EntityIds.id(m.name());
                linkIds = new long[links.size()];
                for (int i = 0; i < linkIds.length; i++) {
                    linkIds[i] = EntityIds.id(m.name() + "::" + links.get(i));
                }
            }
            List<Pose> poses = new ArrayList<>(links.size() + 1);
            poses.add(Messages.pose(m.name(), modelId, m.pose()));
            io.orrery.world.Pose inverse = m.pose().inverse();
            for (int i = 0; i < linkIds.length; i++) {
                LinkState l = m.links().get(i);
                poses.add(Messages.pose(l.name(), linkIds[i], inverse.compose(l.pose())));
            }
            return new ModelPoses(m, List.copyOf(links), modelId, linkIds, List.copyOf(poses));
        }
    }

    /** A reset starts the throttles and the factor afresh; the first iteration after it publishes. */
    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        statsThrottle.restart();
        poseThrottle.restart();
        dynamicThrottle.restart();
        previous = null;
        built = new ModelPoses[0];
    }

    /** The world's name, as its topics carry it. */
    public String world() {
        return world;
    }

    @Override
    public String systemName() {
        return NAME;
    }

    /** At most {@code hertz} publications a second of wall time, as gz-transport throttles a publisher. */
    private static final class WallThrottle {
        private final long periodNanos;
        private long last = Long.MIN_VALUE;

        WallThrottle(double hertz) {
            this.periodNanos = Math.round(1e9 / hertz);
        }

        boolean due(long nowNanos) {
            if (last != Long.MIN_VALUE && nowNanos - last < periodNanos) {
                return false;
            }
            last = nowNanos;
            return true;
        }

        void restart() {
            last = Long.MIN_VALUE;
        }
    }
}
