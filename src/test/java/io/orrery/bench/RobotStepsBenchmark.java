package io.orrery.bench;

import io.orrery.builtin.Extensions;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.SolverSettings;
import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The {@code robot-steps} benchmark: steps per second of each engine on two robot worlds, through the full Orrery loop at
 * factor 0 with the worlds' own systems: Gazebo's {@code worlds/gazebo/diff_drive.sdf} (two vehicles, their DiffDrive
 * systems) and the 7-joint Panda arm of {@code src/test/resources/worlds/panda.sdf} (a JointPositionController per
 * joint, holding its pose), each engine as Orrery builds it and with the engine's own solver settings, for what
 * Orrery's cost. Each run warms up for {@value #WARMUP} steps, then times {@value #STEPS}: wall-clock steps per second
 * and steps per CPU second of the runner thread, which a shared machine disturbs less. Runs alternate in each of
 * {@code -Dorrery.bench.rounds} (3) rounds, after one untimed round; medians are reported.
 */
final class RobotStepsBenchmark {

    private static final int WARMUP = 500;
    private static final int STEPS = 3000;
    private static final Map<String, Path> WORLDS = Map.of(
            "diff_drive.sdf",
            Path.of("worlds/gazebo/diff_drive.sdf"),
            "panda.sdf (7-joint arm)",
            Path.of("src/test/resources/worlds/panda.sdf"));
    private static final SdfReader READER = new SdfReader(List.of(Path.of("src/test/resources/models")));

    private RobotStepsBenchmark() {}

    /** One run's figures. */
    private record Run(double stepsPerSecond, double stepsPerCpuSecond) {}

    static void run() throws Exception {
        int rounds = Integer.getInteger("orrery.bench.rounds", 3);
        Map<String, Supplier<PhysicsEngine>> engines = new LinkedHashMap<>();
        engines.put("jbullet", JBulletPhysicsEngine::new);
        engines.put(
                "jbullet, JBullet's own solver settings",
                () -> new JBulletPhysicsEngine(SolverSettings.JBULLET_DEFAULTS));
        engines.put("bullet", BulletPhysicsEngine::new);
        engines.put(
                "bullet, Bullet's own solver settings", () -> new BulletPhysicsEngine(SolverSettings.BULLET_DEFAULTS));
        List<String> worlds = List.of("diff_drive.sdf", "panda.sdf (7-joint arm)");
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        String before = Benchmarks.loadAverage();
        for (int round = -1; round < rounds; round++) { // round -1 warms the JIT up
            for (String world : worlds) {
                for (Map.Entry<String, Supplier<PhysicsEngine>> engine : engines.entrySet()) {
                    Run r = runOne(WORLDS.get(world), engine.getValue().get());
                    if (round >= 0) {
                        runs.computeIfAbsent(world + "|" + engine.getKey(), k -> new ArrayList<>())
                                .add(r);
                    }
                }
            }
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "robots: the full loop at factor 0 with the worlds' systems, %d warm-up steps, %d"
                        + " timed; medians of %d rounds; %s before, %s after%n",
                WARMUP,
                STEPS,
                rounds,
                before,
                Benchmarks.loadAverage());
        System.out.println("| world | engine | steps/s | steps per CPU s of the runner thread |");
        System.out.println("|---|---|---:|---:|");
        for (String world : worlds) {
            for (String engine : engines.keySet()) {
                List<Run> r = runs.get(world + "|" + engine);
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.0f | %.0f |%n",
                        world,
                        engine,
                        Benchmarks.median(
                                r.stream().mapToDouble(Run::stepsPerSecond).toArray()),
                        Benchmarks.median(
                                r.stream().mapToDouble(Run::stepsPerCpuSecond).toArray()));
            }
        }
    }

    private static Run runOne(Path world, PhysicsEngine engine) throws Exception {
        StepClock clock = new StepClock(WARMUP, WARMUP + STEPS);
        SimulationRunner runner = SimulationRunner.builder(READER::read, world, engine)
                .plugins(Extensions.discovered().plugins(), PluginSettings.defaults())
                .systems(() -> List.of(new SystemRegistration(clock, OptionalInt.empty())))
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(WARMUP + STEPS + 1))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        runner.finished().get(30, TimeUnit.MINUTES);
        return new Run(STEPS / clock.seconds(), STEPS / clock.cpuSeconds());
    }
}
