package io.orrery.bench;

import io.orrery.builtin.Extensions;
import io.orrery.physics.Articulation;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.TestWorlds;
import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.PandaTargets;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.world.ModelSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The articulation candidates of issue 24 on worlds of Gazebo's test kind (src/test/resources/worlds/articulation
 * and the Panda), each measured as Gazebo's tests measure: a rotor servo holding 5 rad/s (worst velocity error over
 * 1,000 steps once reached, worst off-axis angular speed of the rotor while its base is still), a 10-link chain
 * hanging still (worst joint angle and link speed over its second second), a double pendulum released horizontal
 * (worst energy drift over 10 s, relative to its initial potential drop m g L), the Panda holding its pose for 4 s
 * against gravity (worst joint error and speed after 4 s), and steps per second of each and of Gazebo's
 * diff_drive.sdf with its wheels driven. Candidates: each engine with
 * plain constraints (Orrery's solver settings: 20 iterations, JBullet's joints in 10 of them), constraints made
 * stiff (50 iterations, the joints in all), the {@code projected}
 * articulation mode, and Bullet's Featherstone multibody through Libbulletjme ({@link MultiBodyProbe}). Run with
 * {@code ./mvnw -o -q test-compile exec:java -Dexec.args=articulation}.
 */
final class ArticulationBenchmark {

    static final String NAME = "articulation";
    private static final double DT = 0.001;
    private static final double G = 9.8;
    private static final Path WORLDS = Path.of("src/test/resources/worlds/articulation");
    private static final SdfReader READER = new SdfReader(List.of(Path.of("src/test/resources/models")));

    private ArticulationBenchmark() {}

    /**
     * A candidate: an engine in a mode, with Orrery's solver settings ({@code iterations} 0) or with that many
     * iterations over contacts and joints alike.
     */
    record Candidate(String label, String engine, Articulation mode, int iterations) {
        PhysicsEngine create() {
            if (iterations == 0) {
                return engine.equals("jbullet") ? new JBulletPhysicsEngine(mode) : new BulletPhysicsEngine(mode);
            }
            return engine.equals("jbullet")
                    ? new JBulletPhysicsEngine(mode, iterations)
                    : new BulletPhysicsEngine(mode, iterations);
        }
    }

    static final List<Candidate> CANDIDATES = List.of(
            new Candidate("jbullet constraints", "jbullet", Articulation.CONSTRAINTS, 0),
            new Candidate("jbullet stiff constraints (50 it.)", "jbullet", Articulation.CONSTRAINTS, 50),
            new Candidate("jbullet projected", "jbullet", Articulation.PROJECTED, 0),
            new Candidate("bullet constraints", "bullet", Articulation.CONSTRAINTS, 0),
            new Candidate("bullet stiff constraints (50 it.)", "bullet", Articulation.CONSTRAINTS, 50),
            new Candidate("bullet projected", "bullet", Articulation.PROJECTED, 0));

    static void run() throws Exception {
        System.out.println("articulation: candidate | rotor |v-5| rad/s, off-axis rad/s | chain max |q| rad,"
                + " link m/s | double pendulum |dE|/mgL over 10 s | panda max |q-target| rad, |v| rad/s"
                + " | steps/s rotor, chain, pendulum, panda, diff_drive.sdf");
        for (Candidate c : CANDIDATES) {
            double[] rotor = rotor(c.create());
            double[] chain = chain(c.create());
            double[] pendulum = pendulum(c.create());
            double[] panda = panda(c.create());
            double vehicle = diffDrive(c.create());
            System.out.printf(
                    Locale.ROOT,
                    "articulation: %s | %.1e, %.1e | %.1e, %.1e | %.1e | %.1e, %.1e | %.0f,"
                            + " %.0f, %.0f, %.0f, %.0f%n",
                    c.label(),
                    rotor[0],
                    rotor[1],
                    chain[0],
                    chain[1],
                    pendulum[0],
                    panda[0],
                    panda[1],
                    rotor[2],
                    chain[2],
                    pendulum[1],
                    panda[2],
                    vehicle);
        }
        MultiBodyProbe.run();
    }

    private static WorldSpec world(String name) {
        return READER.read(WORLDS.resolve(name + ".sdf"));
    }

    /** Worst |v − 5| and off-axis speed over 1,000 steps once the servo has reached 5 rad/s; steps/s. */
    static double[] rotor(PhysicsEngine engine) {
        try (PhysicsWorld w = engine.build(world("rotor"))) {
            double worstSpeed = 0;
            double worstOffAxis = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 1100; i++) {
                w.setJointVelocityCommand("rotor", "spin", 5);
                w.step(DT);
                if (i >= 100) {
                    worstSpeed = Math.max(
                            worstSpeed,
                            Math.abs(w.joint("rotor", "spin").orElseThrow().velocity() - 5));
                    Vec3 spin = link(w, "rotor", "bar").velocity().angular();
                    Vec3 axis = link(w, "rotor", "base").pose().rotation().rotate(new Vec3(1, 0, 0));
                    worstOffAxis = Math.max(
                            worstOffAxis, spin.minus(axis.times(spin.dot(axis))).length());
                }
            }
            return new double[] {worstSpeed, worstOffAxis, 1100 / seconds(start)};
        }
    }

    /** Worst joint angle and link speed of the hanging chain over its second second; steps/s. */
    static double[] chain(PhysicsEngine engine) {
        try (PhysicsWorld w = engine.build(world("chain"))) {
            double worstAngle = 0;
            double worstSpeed = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 2000; i++) {
                w.step(DT);
                if (i >= 1000) {
                    ModelState chain = w.model("chain").orElseThrow();
                    for (JointState j : chain.joints()) {
                        worstAngle = Math.max(worstAngle, Math.abs(j.position()));
                    }
                    for (LinkState l : chain.links()) {
                        worstSpeed = Math.max(worstSpeed, l.velocity().linear().length());
                    }
                }
            }
            return new double[] {worstAngle, worstSpeed, 2000 / seconds(start)};
        }
    }

    /** Worst |E − E0| over 10 s relative to m g L of the released double pendulum; steps/s. */
    static double[] pendulum(PhysicsEngine engine) {
        WorldSpec spec = world("double_pendulum");
        ModelSpec model = spec.models().get(0);
        try (PhysicsWorld w = engine.build(spec)) {
            double e0 = TestWorlds.energy(model, w.model("pendulum").orElseThrow());
            double worst = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 10_000; i++) {
                w.step(DT);
                worst = Math.max(
                        worst,
                        Math.abs(TestWorlds.energy(model, w.model("pendulum").orElseThrow()) - e0));
            }
            // the upper rod's centre falls 0.25 m and the lower's 0.75 m when they hang: m g L with L = 1 m
            return new double[] {worst / (1 * G * 1.0), 10_000 / seconds(start)};
        }
    }

    /** Worst joint error and speed of the Panda after 4 s holding its pose under its controllers; steps/s. */
    static double[] panda(PhysicsEngine engine) throws Exception {
        PluginRegistry registry = Extensions.discovered().plugins();
        SimulationRunner runner = SimulationRunner.builder(
                        READER::read, Path.of("src/test/resources/worlds/panda.sdf"), engine)
                .plugins(registry, PluginSettings.defaults())
                .settings(RunnerSettings.defaults().withStartPaused(true).withRealTimeFactor(0))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        try {
            for (int i = 0; i < 600 && runner.reads().currentState() != io.orrery.lifecycle.SimState.PAUSE; i++) {
                Thread.sleep(100);
            }
            long start = System.nanoTime();
            runner.control().step(4000).get(600, TimeUnit.SECONDS);
            double rate = 4000 / seconds(start);
            ModelState panda = runner.reads().snapshot().model("panda").orElseThrow();
            double worstError = 0;
            double worstSpeed = 0;
            for (var target : PandaTargets.TARGETS.entrySet()) {
                JointState j = panda.joint(target.getKey()).orElseThrow();
                worstError = Math.max(worstError, Math.abs(j.position() - target.getValue()));
                worstSpeed = Math.max(worstSpeed, Math.abs(j.velocity()));
            }
            return new double[] {worstError, worstSpeed, rate};
        } finally {
            runner.control().stop().get(30, TimeUnit.SECONDS);
        }
    }

    /** Steps per second of Gazebo's diff_drive.sdf (two vehicles, wheels driven at 2 and 1 rad/s), 5,000 steps. */
    static double diffDrive(PhysicsEngine engine) {
        try (PhysicsWorld w = engine.build(READER.read(Path.of("worlds/gazebo/diff_drive.sdf")))) {
            long start = System.nanoTime();
            for (int i = 0; i < 5000; i++) {
                for (String vehicle : List.of("vehicle_blue", "vehicle_green")) {
                    w.setJointVelocityCommand(vehicle, "left_wheel_joint", 2);
                    w.setJointVelocityCommand(vehicle, "right_wheel_joint", 1);
                }
                w.step(DT);
            }
            return 5000 / seconds(start);
        }
    }

    private static LinkState link(PhysicsWorld w, String model, String link) {
        return w.model(model).orElseThrow().link(link).orElseThrow();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
