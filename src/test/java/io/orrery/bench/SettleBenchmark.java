package io.orrery.bench;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.ground;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;

import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SolverSettings;
import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.PandaTargets;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code settle} benchmark: what each solver setting buys, and costs, on both engines. For each setting:
 * <ul>
 * <li>gz-sim's IMU world (src/test/resources/worlds/conformance/imu.sdf: a 0.1 kg box dropped from 3 m at g = 5 m/s²):
 * over the second that starts 0.5 s after the box lands, its worst linear speed, angular speed and acceleration (the
 * change of velocity over a step: what its IMU reads off gravity), against Gazebo's 1e-6 m/s, 1e-5 rad/s and 1e-4
 * m/s²;</li>
 * <li>ten 1 m boxes of 10 kg stacked in a column: how far the top one is off its column after 3 s;</li>
 * <li>worlds/gazebo/joint_controller.sdf from its second second on: the velocity-servoed rotor's angular speed off its
 * axis (Gazebo: under 1e-6 rad/s) and how far the PID-driven rotor strays from 10 rad/s (p 0.2, i 0.01 on a rotor
 * of 1.2e-4 kg·m²);</li>
 * <li>src/test/resources/worlds/panda.sdf's arm, bolted to the world, holding its controllers' targets: its joints'
 * worst speed over the last 0.5 s of 4 s;</li>
 * <li>the cost: CPU time of this thread per step on the box-column scene of {@code loop} (100 boxes resting in ten
 * columns), the median of {@code -Dorrery.bench.rounds} (3) rounds after a warm-up, the settings alternating in
 * each round.</li>
 * </ul>
 * The motion is deterministic; only the times vary from run to run. The last row is each engine as Orrery builds it.
 */
final class SettleBenchmark {

    /** The box's bottom face starts 3 m up: it touches the ground after sqrt(2·3/5) s. */
    private static final double LANDING = Math.sqrt(2 * 3.0 / 5);

    private static final double DT = 0.001;
    private static final Path IMU_WORLD = Path.of("src/test/resources/worlds/conformance/imu.sdf");
    private static final Path ROTOR_WORLD = Path.of("worlds/gazebo/joint_controller.sdf");
    private static final Path PANDA_WORLD = Path.of("src/test/resources/worlds/panda.sdf");
    private static final Path MODELS = Path.of("src/test/resources/models");
    private static final int COLUMN_STEPS = 500;

    /**
     * One row of the table: a setting on each engine (null where it does not apply); {@code orrerys}: each engine as
     * Orrery builds it, whatever the settings say.
     */
    record Row(String label, SolverSettings jbullet, SolverSettings bullet, boolean orrerys) {

        Row(String label, SolverSettings jbullet, SolverSettings bullet) {
            this(label, jbullet, bullet, false);
        }

        SolverSettings on(int engine) {
            return engine == 0 ? jbullet : bullet;
        }

        PhysicsEngine engine(int index) {
            if (orrerys) {
                return index == 0 ? new JBulletPhysicsEngine() : new BulletPhysicsEngine();
            }
            return index == 0 ? new JBulletPhysicsEngine(jbullet) : new BulletPhysicsEngine(bullet);
        }
    }

    /** What a setting did on one engine. */
    record Figures(
            double linear,
            double angular,
            double acceleration,
            double stackLean,
            double offAxis,
            double pidError,
            double pandaSpeed) {}

    private SettleBenchmark() {}

    static List<Row> rows() {
        SolverSettings jb = SolverSettings.JBULLET_DEFAULTS;
        SolverSettings b = SolverSettings.BULLET_DEFAULTS;
        SolverSettings jbSplit = jb.withSplitImpulse(0);
        SolverSettings bSplit = b.withSplitImpulse(0).withTwoFrictionDirections(true);
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("the engines' own: 10 iterations; split impulse off (jbullet), below 4 cm (bullet)", jb, b));
        rows.add(new Row("the engines' own, 50 iterations", jb.withIterations(50), b.withIterations(50)));
        rows.add(new Row("split impulse at any depth (threshold 0), 10 iterations", jbSplit, b.withSplitImpulse(0)));
        rows.add(new Row("as above, bullet: friction along two directions", null, bSplit));
        rows.add(new Row("as above, 20 iterations", jbSplit.withIterations(20), bSplit.withIterations(20)));
        rows.add(new Row("as above, 50 iterations", jbSplit.withIterations(50), bSplit.withIterations(50)));
        rows.add(new Row(
                "jbullet: 50 iterations, split also where not yet touching (threshold +inf)",
                jbSplit.withIterations(50).withSplitImpulse(Double.POSITIVE_INFINITY),
                null));
        rows.add(new Row(
                "jbullet: 20 iterations, the joints in the last 10 only", jbSplit.withIterations(20, 10), null));
        rows.add(new Row(
                "as above, the rows in a fixed order",
                jbSplit.withIterations(20, 10).withRandomOrder(false),
                null));
        rows.add(new Row(
                "bullet: 20 iterations, the rows shuffled (as jbullet's)",
                null,
                bSplit.withIterations(20).withRandomOrder(true)));
        rows.add(new Row(
                "bullet: 50 iterations, the rows shuffled",
                null,
                bSplit.withIterations(50).withRandomOrder(true)));
        rows.add(new Row(
                "bullet: 20 iterations, split-impulse ERP 0.05",
                null,
                bSplit.withIterations(20).withErp(0.2, 0.05)));
        rows.add(new Row(
                "bullet: 20 iterations, split-impulse ERP 0.01",
                null,
                bSplit.withIterations(20).withErp(0.2, 0.01)));
        rows.add(new Row(
                "bullet: 20 iterations, split-impulse ERP 0.01, CFM 1e-5",
                null,
                bSplit.withIterations(20).withErp(0.2, 0.01).withCfm(1e-5)));
        rows.add(new Row("**Orrery's**", jb, b, true));
        return rows;
    }

    static void run() {
        int rounds = Integer.getInteger("orrery.bench.rounds", 3);
        List<Row> rows = rows();
        SdfReader reader = new SdfReader(List.of());
        WorldSpec imu = reader.read(IMU_WORLD);
        WorldSpec rotor = reader.read(ROTOR_WORLD);
        WorldSpec panda = new SdfReader(List.of(MODELS)).read(PANDA_WORLD);
        WorldSpec stack = stack();
        WorldSpec columns = BoxColumns.world(100);
        String[] names = {"jbullet", "bullet"};
        List<List<Figures>> motion = new ArrayList<>(); // [row][engine], once: deterministic
        List<List<List<Double>>> costs = new ArrayList<>(); // [row][engine][round]
        for (Row row : rows) {
            List<Figures> f = new ArrayList<>();
            List<List<Double>> c = new ArrayList<>();
            for (int e = 0; e < 2; e++) {
                f.add(row.on(e) == null ? null : motion(row.engine(e), imu, stack, rotor, panda));
                c.add(new ArrayList<>());
            }
            motion.add(f);
            costs.add(c);
        }
        for (int round = -1; round < rounds; round++) { // round -1 warms the JIT up
            for (int r = 0; r < rows.size(); r++) {
                for (int e = 0; e < 2; e++) {
                    if (rows.get(r).on(e) != null) {
                        double micros = columnMicros(rows.get(r).engine(e), columns);
                        if (round >= 0) {
                            costs.get(r).get(e).add(micros);
                        }
                    }
                }
            }
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "settle: imu.sdf's box over the second from 0.5 s after landing (t = %.3f s):"
                        + " worst linear speed m/s / angular speed rad/s / acceleration m/s² (Gazebo: 1e-6 / 1e-5 / 1e-4);"
                        + " top of a 10-box stack off its column after 3 s; joint_controller.sdf's servoed rotor off its axis"
                        + " rad/s, its PID rotor's |v - 10| rad/s; CPU us per step on 100 resting box columns, median of %d"
                        + " rounds%n",
                LANDING,
                rounds);
        System.out.println(
                "| setting | engine | settle: linear / angular / IMU | stack lean | rotor off-axis | PID rotor"
                        + " | Panda joints | us per step |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (int r = 0; r < rows.size(); r++) {
            for (int e = 0; e < 2; e++) {
                Figures f = motion.get(r).get(e);
                if (f == null) {
                    continue;
                }
                System.out.printf(
                        Locale.ROOT,
                        "| %s | `%s` | %.1e / %.1e / %.1e | %.1f mm | %.1e | %.1e | %.1e |" + " %.0f |%n",
                        rows.get(r).label(),
                        names[e],
                        f.linear(),
                        f.angular(),
                        f.acceleration(),
                        f.stackLean() * 1000,
                        f.offAxis(),
                        f.pidError(),
                        f.pandaSpeed(),
                        Benchmarks.median(
                                costs.get(r).get(e).stream().mapToDouble(d -> d).toArray()));
            }
        }
    }

    static Figures motion(PhysicsEngine engine, WorldSpec imu, WorldSpec stack, WorldSpec rotor, WorldSpec panda) {
        double[] settle = settle(engine, imu);
        double[] rotors = rotors(engine, rotor);
        return new Figures(
                settle[0], settle[1], settle[2], lean(engine, stack), rotors[0], rotors[1], panda(engine, panda));
    }

    /** Worst linear speed, angular speed and acceleration of imu.sdf's box over [landing + 0.5, landing + 1.5] s. */
    static double[] settle(PhysicsEngine engine, WorldSpec imu) {
        double[] worst = new double[3];
        try (PhysicsWorld world = engine.build(imu)) {
            Vec3 previous = box(world).velocity().linear();
            for (int i = 1; i * DT <= LANDING + 1.5; i++) {
                world.step(DT);
                LinkState box = box(world);
                Vec3 v = box.velocity().linear();
                if (i * DT >= LANDING + 0.5) {
                    worst[0] = Math.max(worst[0], v.length());
                    worst[1] = Math.max(worst[1], box.velocity().angular().length());
                    worst[2] = Math.max(worst[2], v.minus(previous).length() / DT);
                }
                previous = v;
            }
        }
        return worst;
    }

    private static LinkState box(PhysicsWorld world) {
        return world.model("imu_model").orElseThrow().link("link").orElseThrow();
    }

    /** Ten 1 m boxes of 10 kg in a column on the ground, each placed resting on the one below. */
    static WorldSpec stack() {
        List<ModelSpec> models = new ArrayList<>();
        models.add(ground());
        for (int i = 0; i < 10; i++) {
            models.add(model(
                    "box" + i,
                    Pose.translation(0, 0, 0.5 + i),
                    false,
                    boxLink("body", Pose.IDENTITY, 10, new Vec3(1, 1, 1), SurfaceSpec.DEFAULT)));
        }
        return world(models.toArray(ModelSpec[]::new));
    }

    /** How far the top box is off the column's axis after 3 s. */
    static double lean(PhysicsEngine engine, WorldSpec stack) {
        try (PhysicsWorld world = engine.build(stack)) {
            for (int i = 0; i < 3000; i++) {
                world.step(DT);
            }
            Vec3 top = world.model("box9").orElseThrow().pose().position();
            return Math.hypot(top.x(), top.y());
        }
    }

    /**
     * joint_controller.sdf's two rotors, as its JointController systems drive them: the first servoed at 5 rad/s,
     * the second by a PID force on 10 rad/s (p 0.2, i 0.01). Over the last 2 of 3 s: the servoed rotor's worst
     * angular speed relative to its base off the hinge axis, and the PID rotor's worst distance from 10 rad/s.
     */
    static double[] rotors(PhysicsEngine engine, WorldSpec rotor) {
        double offAxis = 0;
        double pid = 0;
        double integral = 0;
        try (PhysicsWorld world = engine.build(rotor)) {
            for (int i = 1; i <= 3000; i++) {
                world.setJointVelocityCommand("joint_controller_demo", "j1", 5);
                double error = 10
                        - world.joint("joint_controller_demo_2", "j1")
                                .orElseThrow()
                                .velocity();
                integral += error * DT;
                world.setJointForce("joint_controller_demo_2", "j1", 0.2 * error + 0.01 * integral);
                world.step(DT);
                if (i > 1000) {
                    var demo = world.model("joint_controller_demo").orElseThrow();
                    LinkState turning = demo.link("rotor").orElseThrow();
                    Vec3 relative = turning.velocity()
                            .angular()
                            .minus(demo.link("base_link")
                                    .orElseThrow()
                                    .velocity()
                                    .angular());
                    Vec3 axis = turning.pose().rotation().rotate(Vec3.UNIT_Z);
                    offAxis = Math.max(
                            offAxis,
                            relative.minus(axis.times(relative.dot(axis))).length());
                    pid = Math.max(
                            pid,
                            Math.abs(world.joint("joint_controller_demo_2", "j1")
                                            .orElseThrow()
                                            .velocity()
                                    - 10));
                }
            }
        }
        return new double[] {offAxis, pid};
    }

    /**
     * panda.sdf's arm driven to its controllers' initial targets as they drive it (velocity mode: the speed that
     * closes the error in one step, at most 1 rad/s): its joints' worst speed over the last 0.5 s of 4 s, when they
     * should hold still (PandaSimulationTests holds it to 1e-3 rad/s).
     */
    static double panda(PhysicsEngine engine, WorldSpec panda) {
        double worst = 0;
        try (PhysicsWorld world = engine.build(panda)) {
            for (int i = 1; i <= 4000; i++) {
                for (Map.Entry<String, Double> target : PandaTargets.TARGETS.entrySet()) {
                    double error = target.getValue()
                            - world.joint("panda", target.getKey())
                                    .orElseThrow()
                                    .position();
                    world.setJointVelocityCommand("panda", target.getKey(), Math.max(-1, Math.min(1, error / DT)));
                }
                world.step(DT);
                if (i > 3500) {
                    for (String joint : PandaTargets.TARGETS.keySet()) {
                        worst = Math.max(
                                worst,
                                Math.abs(world.joint("panda", joint)
                                        .orElseThrow()
                                        .velocity()));
                    }
                }
            }
        }
        return worst;
    }

    /** CPU microseconds of this thread per step on the box columns, after one step. */
    static double columnMicros(PhysicsEngine engine, WorldSpec columns) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (PhysicsWorld world = engine.build(columns)) {
            world.step(DT);
            long start = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < COLUMN_STEPS; i++) {
                world.step(DT);
            }
            return (threads.getCurrentThreadCpuTime() - start) / 1e3 / COLUMN_STEPS;
        }
    }
}
