package io.orrery.bench;

import io.orrery.builtin.Extensions;
import io.orrery.physics.Engine;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The {@code engines} benchmark: the box-column scene through the full Orrery loop on each physics engine, against
 * the native C++ anchor of {@code ../shared/anchors} (Debian's Bullet 3.24, built here from its
 * {@code native/bench.cpp}). Every run is a fresh process (a child JVM, or the anchor's binary), the engines
 * alternate within each round, and the anchor's protocol is kept: 200 untimed warm-up steps, then 2000 timed steps
 * (1000 at N = 5000). Beside the anchor's wall-clock figure each run reports steps per CPU second of the stepping
 * thread (for the anchor: its process's CPU time less that of a run without timed steps), which a machine shared
 * with other work disturbs far less. The child also reports the time from its JVM's start to the end of its first
 * step (class loading, the native library, building the world). Knobs: {@code -Dorrery.bench.rounds} (3),
 * {@code -Dorrery.bench.sizes} (100,1000,5000). The anchor lies outside the repository, in the team's shared
 * reference material beside the checkout ({@code ../shared}); this benchmark alone reads it, and fails naming it
 * when it is missing.
 */
final class EngineBenchmark {

    private static final int WARMUP = 200;
    private static final Path ANCHOR_SOURCE = Path.of("../shared/anchors/native/bench.cpp");
    private static final Path ANCHOR_BINARY = Path.of("target/anchors/bench");
    private static final List<String> ENGINES = List.of("native", "jbullet", "bullet");

    private EngineBenchmark() {}

    /** One run's figures: wall-clock steps/s (the anchor's measure) and steps per second of the stepping CPU. */
    private record Run(double stepsPerSecond, double stepsPerCpuSecond, double meanHeight, double readyMillis) {}

    static void run() throws Exception {
        int rounds = Integer.getInteger("orrery.bench.rounds", 3);
        int[] sizes = Arrays.stream(System.getProperty("orrery.bench.sizes", "100,1000,5000")
                        .split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        buildAnchor();
        System.out.println();
        System.out.println(
                "engines: N boxes (0.5 m half-extent, 1 kg, columns of 10), ground plane, no sleeping, dt 1 ms;"
                        + " a fresh process per run, engines alternating, " + WARMUP + " warm-up steps; "
                        + Benchmarks.loadAverage());
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        for (int n : sizes) {
            for (int round = 1; round <= rounds; round++) {
                for (String engine : ENGINES) {
                    Run r = runOne(engine, n, timedSteps(n));
                    System.out.printf(
                            Locale.ROOT,
                            "  N=%d round %d %-8s %9.1f steps/s %9.1f per CPU s  mean height" + " %.4f m%s%n",
                            n,
                            round,
                            engine,
                            r.stepsPerSecond(),
                            r.stepsPerCpuSecond(),
                            r.meanHeight(),
                            Double.isNaN(r.readyMillis())
                                    ? ""
                                    : String.format(
                                            Locale.ROOT, "  first step %.0f ms after JVM start", r.readyMillis()));
                    runs.computeIfAbsent(engine + " " + n, k -> new ArrayList<>())
                            .add(r);
                }
            }
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "| N | timed steps | native C++ | jbullet | bullet | jbullet / native"
                        + " | bullet / native |%n|---:|---:|---:|---:|---:|---:|---:|%n");
        for (int n : sizes) {
            double nat = median(runs.get("native " + n), Run::stepsPerSecond);
            double jb = median(runs.get("jbullet " + n), Run::stepsPerSecond);
            double b = median(runs.get("bullet " + n), Run::stepsPerSecond);
            System.out.printf(
                    Locale.ROOT,
                    "| %d | %d | %s | %s | %s | %.2f | %.2f |%n",
                    n,
                    timedSteps(n),
                    cell(runs.get("native " + n)),
                    cell(runs.get("jbullet " + n)),
                    cell(runs.get("bullet " + n)),
                    jb / nat,
                    b / nat);
        }
        System.out.printf(Locale.ROOT, "(medians of %d rounds, [min-max]; %s)%n", rounds, Benchmarks.loadAverage());
        System.out.printf(
                Locale.ROOT,
                "%nSteps per CPU second of the stepping thread (less sensitive to a loaded"
                        + " machine)%n| N | native C++ | jbullet | bullet | bullet / native |%n|---:|---:|---:|---:|---:|%n");
        for (int n : sizes) {
            double nat = median(runs.get("native " + n), Run::stepsPerCpuSecond);
            double b = median(runs.get("bullet " + n), Run::stepsPerCpuSecond);
            System.out.printf(
                    Locale.ROOT,
                    "| %d | %.1f | %.1f | %.1f | %.2f |%n",
                    n,
                    nat,
                    median(runs.get("jbullet " + n), Run::stepsPerCpuSecond),
                    b,
                    b / nat);
        }
        for (String engine : List.of("jbullet", "bullet")) {
            System.out.printf(
                    Locale.ROOT,
                    "%s: JVM start to the end of the first step, N=%d: median %.0f ms%n",
                    engine,
                    sizes[0],
                    median(runs.get(engine + " " + sizes[0]), Run::readyMillis));
        }
    }

    private static int timedSteps(int n) {
        return n >= 5000 ? 1000 : 2000; // the anchor's own choice: 2000 steps at N = 5000 take minutes per run
    }

    private static String cell(List<Run> runs) {
        double[] v = runs.stream().mapToDouble(Run::stepsPerSecond).sorted().toArray();
        return String.format(Locale.ROOT, "%.1f [%.0f-%.0f]", median(runs, Run::stepsPerSecond), v[0], v[v.length - 1]);
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> value) {
        return Benchmarks.median(runs.stream().mapToDouble(value).toArray());
    }

    /** Compiles the anchor's bench.cpp as its build.sh does, into target (../shared is read-only). */
    private static void buildAnchor() throws IOException, InterruptedException {
        if (!Files.exists(ANCHOR_SOURCE)) {
            throw new IllegalStateException(ANCHOR_SOURCE.toAbsolutePath().normalize()
                    + " is missing: the engines benchmark compares against the native anchor in ../shared/anchors");
        }
        if (Files.exists(ANCHOR_BINARY)
                && Files.getLastModifiedTime(ANCHOR_BINARY).compareTo(Files.getLastModifiedTime(ANCHOR_SOURCE)) > 0) {
            return;
        }
        Files.createDirectories(ANCHOR_BINARY.getParent());
        Process p = new ProcessBuilder(
                        "g++",
                        "-O2",
                        "-std=c++17",
                        "-I/usr/include/bullet",
                        "-o",
                        ANCHOR_BINARY.toString(),
                        ANCHOR_SOURCE.toString(),
                        "-lBulletDynamics",
                        "-lBulletCollision",
                        "-lLinearMath")
                .inheritIO()
                .start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("could not build the native anchor (needs g++ and Debian's libbullet-dev,"
                    + " see ../shared/anchors/README.md)");
        }
    }

    private static Run runOne(String engine, int n, int steps) throws IOException, InterruptedException {
        if (engine.equals("native")) {
            // The anchor reports wall time only. Its CPU time for the timed steps: the process's CPU time (GNU time)
            // less that of the same run with no timed steps.
            Map<String, String> timed = launch(nativeCommand(n, steps), engine, n);
            Map<String, String> untimed = launch(nativeCommand(n, 0), engine, n);
            double cpu = Double.parseDouble(timed.get("cpu_s")) - Double.parseDouble(untimed.get("cpu_s"));
            return new Run(
                    Double.parseDouble(timed.get("steps_per_s")),
                    steps / cpu,
                    Double.parseDouble(timed.get("mean_y")),
                    Double.NaN);
        }
        Map<String, String> fields =
                launch(ChildRuns.java(EngineBenchmark.class, "2g", engine, "" + n, "" + WARMUP, "" + steps), engine, n);
        return new Run(
                Double.parseDouble(fields.get("steps_per_s")),
                Double.parseDouble(fields.get("cpu_steps_per_s")),
                Double.parseDouble(fields.get("mean_z")),
                Double.parseDouble(fields.get("ready_ms")));
    }

    private static List<String> nativeCommand(int n, int steps) {
        return List.of(
                "/usr/bin/time", "-f", "RESULT cpu_s=%U+%S", ANCHOR_BINARY.toString(), "" + n, "" + WARMUP, "" + steps);
    }

    /** Runs a command and gathers the key=value fields of its RESULT lines, CPU seconds summed from user + system. */
    private static Map<String, String> launch(List<String> command, String engine, int n)
            throws IOException, InterruptedException {
        Map<String, String> fields = ChildRuns.run(command, "steps_per_s", engine + " at N=" + n);
        fields.computeIfPresent("cpu_s", (k, v) -> {
            String[] parts = v.split("\\+"); // user + system seconds
            return Double.toString(Double.parseDouble(parts[0]) + Double.parseDouble(parts[1]));
        });
        return fields;
    }

    /** A child run: {@code <engine> <N> <warmup> <steps>}; prints one {@code RESULT} line like the anchor's. */
    public static void main(String[] args) throws Exception {
        Engine engine = Engine.valueOf(args[0].toUpperCase(Locale.ROOT));
        int n = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        int steps = Integer.parseInt(args[3]);
        StepClock clock = new StepClock(warmup, warmup + steps);
        WorldSpec world = BoxColumns.world(n);
        SimulationRunner runner = SimulationRunner.builder(file -> world, world.source(), engine.create())
                .systems(() -> List.of(new SystemRegistration(clock, OptionalInt.empty())))
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(warmup + steps + 1))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        RunResult result = runner.finished().get(1, TimeUnit.HOURS);
        double meanZ = result.models().stream()
                .filter(m -> m.name().startsWith("box_"))
                .mapToDouble(m -> m.pose().z())
                .average()
                .orElse(Double.NaN);
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.printf(
                Locale.ROOT,
                "RESULT engine=%s N=%d warmup=%d steps=%d seconds=%.4f steps_per_s=%.2f"
                        + " cpu_steps_per_s=%.2f mean_z=%.4f ready_ms=%d%n",
                engine,
                n,
                warmup,
                steps,
                clock.seconds(),
                steps / clock.seconds(),
                steps / clock.cpuSeconds(),
                meanZ,
                clock.firstStepEndMillis() - jvmStart);
    }
}
