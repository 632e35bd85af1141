package io.orrery.bench;

import io.orrery.builtin.Extensions;
import io.orrery.physics.Engine;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The {@code shapes} benchmark: Gazebo's 3k_shapes.sdf (3,003 bodies, 1,001 each of boxes, cylinders and spheres,
 * resting on a plane) through the full Orrery loop at factor 0 on both engines, side by side. Each run is a fresh
 * JVM; within a round both engines run, in alternating order from round to round. A run has three parts:
 * <ol>
 * <li>the warm-up: steps until 95% of the moving bodies sleep (counted every 50 steps), its wall time and the
 * runner thread's CPU time;</li>
 * <li>the steps after it ({@code -Dorrery.bench.shapes.steps}, 3000): steps per wall second and per CPU second of
 * the runner thread;</li>
 * <li>as many steps again with a snapshot of the world taken after every one (what a plugin or the pose stream
 * asks for): the snapshot's cost per step with the bodies asleep, in runner-thread CPU time (wall time on a shared
 * machine swings more than the cost).</li>
 * </ol>
 * Knobs: {@code -Dorrery.bench.rounds} (3), {@code -Dorrery.bench.shapes.world} (worlds/gazebo/3k_shapes.sdf).
 */
final class ShapesBenchmark {

    private static final List<String> ENGINES = List.of("jbullet", "bullet");
    private static final int COUNT_EVERY = 50;
    private static final double ASLEEP = 0.95;
    private static final long MAX_WARMUP = 60_000;

    private ShapesBenchmark() {}

    /** One run's figures, from its {@code RESULT} line. */
    private record Run(
            long warmupSteps,
            double warmupSeconds,
            double warmupCpu,
            double stepsPerSecond,
            double stepsPerCpuSecond,
            double snapshotMicros) {}

    static void run() throws Exception {
        int rounds = Integer.getInteger("orrery.bench.rounds", 3);
        int steps = Integer.getInteger("orrery.bench.shapes.steps", 3000);
        String world = System.getProperty("orrery.bench.shapes.world", "worlds/gazebo/3k_shapes.sdf");
        System.out.println();
        System.out.println("shapes: " + world + " through the Orrery loop at factor 0, a fresh JVM per run, engines"
                + " alternating; warm-up until " + Math.round(ASLEEP * 100) + "% of the moving bodies sleep, then "
                + steps + " steps; " + Benchmarks.loadAverage());
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        List<double[]> ratios = new ArrayList<>(); // per round: wall, CPU, warm-up steps, warm-up wall
        for (int round = 1; round <= rounds; round++) {
            List<String> order = round % 2 == 1 ? ENGINES : List.of(ENGINES.get(1), ENGINES.get(0));
            Map<String, Run> thisRound = new LinkedHashMap<>();
            for (String engine : order) {
                Run r = runOne(engine, world, steps);
                thisRound.put(engine, r);
                runs.computeIfAbsent(engine, k -> new ArrayList<>()).add(r);
                System.out.printf(
                        Locale.ROOT,
                        "  round %d %-8s warm-up %6d steps in %6.1f s (%6.1f CPU s);"
                                + " then %7.1f steps/s, %7.1f per CPU s; a snapshot every step +%.1f CPU us; %s%n",
                        round,
                        engine,
                        r.warmupSteps(),
                        r.warmupSeconds(),
                        r.warmupCpu(),
                        r.stepsPerSecond(),
                        r.stepsPerCpuSecond(),
                        r.snapshotMicros(),
                        Benchmarks.loadAverage());
            }
            Run j = thisRound.get("jbullet");
            Run b = thisRound.get("bullet");
            ratios.add(new double[] {
                j.stepsPerSecond() / b.stepsPerSecond(),
                j.stepsPerCpuSecond() / b.stepsPerCpuSecond(),
                (double) j.warmupSteps() / b.warmupSteps(),
                j.warmupSeconds() / b.warmupSeconds()
            });
        }
        System.out.println();
        System.out.println("| engine | warm-up steps | warm-up wall s | warm-up CPU s | steps/s after | per CPU s"
                + " | snapshot per step (CPU us) |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (String engine : ENGINES) {
            List<Run> r = runs.get(engine);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
                    engine,
                    median(r, Run::warmupSteps),
                    median(r, Run::warmupSeconds),
                    median(r, Run::warmupCpu),
                    median(r, Run::stepsPerSecond),
                    median(r, Run::stepsPerCpuSecond),
                    median(r, Run::snapshotMicros));
        }
        System.out.printf(
                Locale.ROOT,
                "jbullet / bullet, medians of the %d rounds' ratios: steps/s %.2f, per CPU s"
                        + " %.2f; warm-up steps %.2f, warm-up wall time %.2f (%s)%n",
                rounds,
                median(ratios, 0),
                median(ratios, 1),
                median(ratios, 2),
                median(ratios, 3),
                Benchmarks.loadAverage());
    }

    private static double median(List<Run> runs, ToDoubleFunction<Run> value) {
        return Benchmarks.median(runs.stream().mapToDouble(value).toArray());
    }

    private static double median(List<double[]> ratios, int column) {
        return Benchmarks.median(ratios.stream().mapToDouble(r -> r[column]).toArray());
    }

    private static Run runOne(String engine, String world, int steps) throws IOException, InterruptedException {
        Map<String, String> fields = ChildRuns.run(
                ChildRuns.java(ShapesBenchmark.class, "2g", engine, world, "" + steps), "steps_per_s", engine);
        return new Run(
                Long.parseLong(fields.get("warmup_steps")),
                Double.parseDouble(fields.get("warmup_s")),
                Double.parseDouble(fields.get("warmup_cpu_s")),
                Double.parseDouble(fields.get("steps_per_s")),
                Double.parseDouble(fields.get("cpu_steps_per_s")),
                Double.parseDouble(fields.get("snapshot_us")));
    }

    /** A child run: {@code <engine> <world> <steps>}; prints one {@code RESULT} line. */
    public static void main(String[] args) throws Exception {
        Engine engine = Engine.valueOf(args[0].toUpperCase(Locale.ROOT));
        WorldSpec world = new SdfReader(List.of()).read(Path.of(args[1]));
        int steps = Integer.parseInt(args[2]);
        Watch watch = new Watch(steps);
        SimulationRunner runner = SimulationRunner.builder(file -> world, world.source(), engine.create())
                .systems(() -> List.of(new SystemRegistration(watch, OptionalInt.empty())))
                .settings(RunnerSettings.defaults().withRealTimeFactor(0))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        watch.runner = runner;
        runner.start();
        if (!watch.done.await(2, TimeUnit.HOURS)) {
            throw new IllegalStateException("no result within 2 hours");
        }
        runner.control().stop().get(1, TimeUnit.MINUTES);
        runner.finished().get(1, TimeUnit.MINUTES);
        if (watch.failure != null) {
            throw new IllegalStateException(watch.failure);
        }
        System.out.printf(
                Locale.ROOT,
                "RESULT engine=%s warmup_steps=%d warmup_s=%.3f warmup_cpu_s=%.3f"
                        + " steps_per_s=%.2f cpu_steps_per_s=%.2f snapshot_us=%.2f%n",
                engine,
                watch.warmupSteps,
                watch.warmupNanos / 1e9,
                watch.warmupCpuNanos / 1e9,
                steps / (watch.timedNanos / 1e9),
                steps / (watch.timedCpuNanos / 1e9),
                (watch.snapshotCpuNanos - watch.timedCpuNanos) / 1e3 / steps);
    }

    /**
     * Watches the run from the runner thread: counts sleeping bodies during the warm-up, then times the plain steps
     * and the steps with a snapshot each (taken on the runner thread before the next step, as a request would be
     * at the step's end).
     */
    private static final class Watch implements PreUpdate, Stateless {
        private final int steps;
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private final CountDownLatch done = new CountDownLatch(1);
        private volatile SimulationRunner runner;
        private String failure;
        private long startNanos;
        private long startCpu;
        private long warmupSteps;
        private long warmupNanos;
        private long warmupCpuNanos;
        private long timedNanos;
        private long timedCpuNanos;
        private long snapshotCpuNanos;
        private long phaseStart;
        private long phaseStartCpu;

        Watch(int steps) {
            this.steps = steps;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            long done = info.iterations() - 1; // steps completed before this one
            long now = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            if (done == 0) {
                startNanos = now;
                startCpu = cpu;
            } else if (warmupSteps == 0 && done % COUNT_EVERY == 0) {
                if (asleep(world) >= ASLEEP) {
                    warmupSteps = done;
                    warmupNanos = now - startNanos;
                    warmupCpuNanos = cpu - startCpu;
                    phaseStart = System.nanoTime(); // after the count, which is not the loop's work
                    phaseStartCpu = threads.getCurrentThreadCpuTime();
                } else if (done >= MAX_WARMUP) {
                    failure = "fewer than " + ASLEEP + " of the bodies asleep after " + done + " steps";
                    this.done.countDown();
                }
            } else if (warmupSteps > 0 && done == warmupSteps + steps) {
                timedNanos = now - phaseStart;
                timedCpuNanos = cpu - phaseStartCpu;
                phaseStartCpu = cpu;
            } else if (warmupSteps > 0 && done == warmupSteps + 2L * steps) {
                snapshotCpuNanos = cpu - phaseStartCpu;
                this.done.countDown();
            }
            if (warmupSteps > 0 && done >= warmupSteps + steps && done < warmupSteps + 2L * steps) {
                runner.reads().snapshot(); // of the world after the last step, as at that step's end
            }
        }

        /** The fraction of the bodies that can move and sleep now. */
        private static double asleep(PhysicsWorld world) {
            int moving = 0;
            int sleeping = 0;
            for (String name : world.modelNames()) {
                ModelState m = world.model(name).orElseThrow();
                if (m.isStatic()) {
                    continue;
                }
                for (LinkState l : m.links()) {
                    moving++;
                    sleeping += l.sleeping() ? 1 : 0;
                }
            }
            return moving == 0 ? 1 : (double) sleeping / moving;
        }
    }
}
