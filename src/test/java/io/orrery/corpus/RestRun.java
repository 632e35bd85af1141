package io.orrery.corpus;

import com.gz.msgs.IMUProtos.IMU;
import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A corpus robot's world run through the whole runner (its systems, plugins and devices, as a user runs it) on one
 * physics engine, paused at factor 0 and stepped for its settling time and then the 1 s window, measuring what the
 * rest bounds are about in that window, and the runner thread's CPU time per step in it.
 */
public final class RestRun {

    /** The window after the settling time, s. */
    static final double WINDOW = 1.0;

    private static final SdfReader READER = new SdfReader(List.of(CorpusRobot.MODELS));

    private RestRun() {}

    /**
     * What the robot did in its window.
     *
     * @param linear the fastest a watched link moved, m/s
     * @param angular the fastest a watched link turned, rad/s
     * @param held the farthest a position-controlled joint was from its target, rad or m (0 without such joints)
     * @param free the fastest an uncommanded joint moved, rad/s or m/s (0 without such joints)
     * @param imu the largest difference of an IMU's linear acceleration, on one axis, from gravity as it should read it,
     *     less 5 standard deviations of its noise, m/s² (0 without IMUs)
     * @param imuReadings how many IMU readings were compared
     * @param cpuMicrosPerStep the runner thread's CPU time per step in the window, µs
     */
    public record Figures(
            double linear,
            double angular,
            double held,
            double free,
            double imu,
            int imuReadings,
            double cpuMicrosPerStep) {}

    /** Runs {@code robot} on {@code engine} and measures it. */
    public static Figures run(CorpusRobot robot, PhysicsEngine engine) throws Exception {
        WorldSpec spec = READER.read(robot.world());
        double dt = spec.physics().maxStepSize();
        long settle = Math.round(robot.settle() / dt);
        long window = Math.round(WINDOW / dt);
        Recorder recorder = new Recorder(robot, settle, spec.gravity());
        SimulationRunner runner = SimulationRunner.builder(READER::read, robot.world(), engine)
                .systems(() -> List.of(new SystemRegistration(recorder, OptionalInt.empty())))
                .plugins(Extensions.discovered().plugins(), PluginSettings.defaults())
                .settings(RunnerSettings.defaults().withStartPaused(true).withRealTimeFactor(0))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        try {
            runner.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (runner.reads().currentState() != SimState.PAUSE) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(robot.name() + ": the runner never paused after starting");
                }
                Thread.sleep(2);
            }
            for (CorpusRobot.Imu imu : robot.imus()) {
                Pose mount = sensor(spec, imu).pose();
                runner.topics()
                        .bus()
                        .orElseThrow()
                        .subscribe(imu.topic(), IMU.class, "corpus", m -> recorder.imu(imu, mount, m));
            }
            runner.control().step(settle + window).get(600, TimeUnit.SECONDS);
        } finally {
            runner.control().stop().get(60, TimeUnit.SECONDS);
        }
        return recorder.figures(window);
    }

    private static SensorSpec sensor(WorldSpec spec, CorpusRobot.Imu imu) {
        ModelSpec model = spec.models().stream()
                .filter(m -> m.name().equals(imu.model()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no model " + imu.model() + " for IMU " + imu.topic()));
        return model.links().stream()
                .filter(l -> l.name().equals(imu.link()))
                .flatMap(l -> l.sensors().stream())
                .filter(s -> s.name().equals(imu.sensor()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no sensor " + imu.sensor() + " on " + imu.link()));
    }

    /** Runs on the runner thread: its PreUpdate reads the thread's CPU time, its PostUpdate the world. */
    private static final class Recorder implements PreUpdate, PostUpdate {

        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

        private final CorpusRobot robot;
        private final long settle;
        private final Vec3 gravity;
        private final Map<String, Pose> latest = new java.util.HashMap<>();
        private long steps;
        private long cpuAtWindow = -1;
        private long cpuNow;
        private double linear;
        private double angular;
        private double held;
        private double free;
        private double imu;
        private int imuReadings;
        private final List<String> missing = new ArrayList<>();

        Recorder(CorpusRobot robot, long settle, Vec3 gravity) {
            this.robot = robot;
            this.settle = settle;
            this.gravity = gravity;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            if (info.paused()) {
                return;
            }
            cpuNow = THREADS.getCurrentThreadCpuTime();
            if (steps == settle) {
                cpuAtWindow = cpuNow;
            }
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (info.paused()) {
                return;
            }
            steps++;
            boolean inWindow = steps > settle;
            for (String body : robot.bodies()) {
                LinkState link = link(world, body);
                if (link == null) {
                    continue;
                }
                latest.put(body, link.pose());
                if (inWindow) {
                    linear = Math.max(linear, link.velocity().linear().length());
                    angular = Math.max(angular, link.velocity().angular().length());
                }
            }
            for (CorpusRobot.Imu i : robot.imus()) {
                LinkState link = link(world, i.model() + "::" + i.link());
                if (link != null) {
                    latest.put(i.model() + "::" + i.link(), link.pose());
                }
            }
            if (!inWindow) {
                return;
            }
            robot.held().forEach((name, target) -> {
                JointState joint = joint(world, name);
                if (joint != null) {
                    held = Math.max(held, Math.abs(joint.position() - target));
                }
            });
            for (String name : robot.free()) {
                JointState joint = joint(world, name);
                if (joint != null) {
                    free = Math.max(free, Math.abs(joint.velocity()));
                }
            }
        }

        /** An IMU reading, on the runner thread as the device publishes it. */
        void imu(CorpusRobot.Imu mount, Pose sensorInLink, IMU message) {
            if (steps <= settle) {
                return;
            }
            Pose link = latest.get(mount.model() + "::" + mount.link());
            if (link == null) {
                return;
            }
            // at rest an accelerometer reads the ground's push: minus gravity, in the sensor's frame
            Vec3 expected = link.compose(sensorInLink).rotation().conjugate().rotate(gravity.times(-1));
            var a = message.getLinearAcceleration();
            double worst = Math.max(
                    Math.abs(a.getX() - expected.x()),
                    Math.max(Math.abs(a.getY() - expected.y()), Math.abs(a.getZ() - expected.z())));
            imu = Math.max(imu, worst - 5 * mount.noise());
            imuReadings++;
        }

        private LinkState link(WorldView world, String scoped) {
            int at = scoped.indexOf("::");
            ModelState model = world.model(scoped.substring(0, at)).orElse(null);
            LinkState link =
                    model == null ? null : model.link(scoped.substring(at + 2)).orElse(null);
            if (link == null && !missing.contains(scoped)) {
                missing.add(scoped);
            }
            return link;
        }

        private JointState joint(WorldView world, String scoped) {
            int at = scoped.indexOf("::");
            JointState joint = world.joint(scoped.substring(0, at), scoped.substring(at + 2))
                    .orElse(null);
            if (joint == null && !missing.contains(scoped)) {
                missing.add(scoped);
            }
            return joint;
        }

        Figures figures(long window) {
            if (!missing.isEmpty()) {
                throw new AssertionError(robot.name() + ": the world has no " + missing);
            }
            if (steps != settle + window) {
                throw new AssertionError(robot.name() + ": stepped " + steps + " times, not " + (settle + window));
            }
            return new Figures(
                    linear, angular, held, free, imu, imuReadings, (cpuNow - cpuAtWindow) / 1e3 / (window - 1));
        }
    }
}
