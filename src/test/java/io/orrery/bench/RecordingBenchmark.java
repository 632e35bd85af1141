package io.orrery.bench;

import io.orrery.OrreryApplication;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunResult;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What recording a run costs the runner (issue 38): the runner thread's CPU time per step of an unpaced headless run
 * with the recording beside its report on (every topic, the scene, the replay journal) and off, side by side in one
 * run (alternating, each in a fresh JVM), for the default world and for Gazebo's 3k_shapes; and the file's size per
 * simulated minute. The writer's own thread is not counted in the runner's CPU (it competes for the cores, which the
 * machine's load line says). {@code ./mvnw -q test-compile exec:java -Dexec.args="recording"}.
 */
final class RecordingBenchmark {

    static final String NAME = "recording";
    private static final int ROUNDS = 2;

    private RecordingBenchmark() {}

    static void run() throws Exception {
        Path dir = Files.createDirectories(Path.of("target/bench-recording"));
        System.out.printf(
                Locale.ROOT,
                "recording: runner CPU per step, unpaced, recording off and on, %d rounds alternating; load %.2f%n",
                ROUNDS,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        for (String[] w : List.of(
                new String[] {"worlds/default.sdf", "5000"}, new String[] {"worlds/gazebo/3k_shapes.sdf", "500"})) {
            List<Double> off = new ArrayList<>();
            List<Double> on = new ArrayList<>();
            double bytesPerMinute = 0;
            for (int round = 0; round < ROUNDS; round++) {
                for (boolean record : new boolean[] {false, true}) {
                    Path report = dir.resolve(round + (record ? "-on" : "-off") + "/result.json");
                    Files.deleteIfExists(report.resolveSibling("result.mcap"));
                    Map<String, String> r = ChildRuns.run(
                            ChildRuns.java(RecordingBenchmark.class, "2g", w[0], w[1], report.toString(), "" + record),
                            "cpu_ns_per_step",
                            NAME);
                    double cpu = Double.parseDouble(r.get("cpu_ns_per_step"));
                    (record ? on : off).add(cpu);
                    if (record) {
                        double simMinutes = Double.parseDouble(r.get("sim_s")) / 60;
                        bytesPerMinute = Files.size(report.resolveSibling("result.mcap")) / simMinutes;
                    }
                }
            }
            double offMean = off.stream().mapToDouble(d -> d).average().orElseThrow();
            double onMean = on.stream().mapToDouble(d -> d).average().orElseThrow();
            System.out.printf(
                    Locale.ROOT,
                    "  %-28s %s steps: off %.1f us, on %.1f us CPU a step (%+.1f%%); %.1f MB a simulated minute;"
                            + " rounds off %s on %s us%n",
                    w[0],
                    w[1],
                    offMean / 1e3,
                    onMean / 1e3,
                    100 * (onMean / offMean - 1),
                    bytesPerMinute / 1e6,
                    micros(off),
                    micros(on));
        }
    }

    private static String micros(List<Double> ns) {
        return ns.stream()
                .map(d -> String.format(Locale.ROOT, "%.1f", d / 1e3))
                .toList()
                .toString();
    }

    /** One run in this JVM: WORLD STEPS REPORT RECORD [--more.settings]; prints the runner thread's CPU per step. */
    public static void main(String[] args) throws Exception {
        List<String> options = new ArrayList<>(List.of(
                "--server.port=0",
                "--orrery.transport.enabled=false",
                "--orrery.status-log-interval=0s",
                "--orrery.world=" + args[0],
                "--orrery.real-time-factor=0",
                "--orrery.start-paused=true",
                "--orrery.stop-after-steps=" + args[1],
                "--orrery.report=" + args[2],
                "--orrery.record.beside-report=" + args[3]));
        options.addAll(List.of(args).subList(4, args.length)); // more settings, e.g. orrery.record.topics
        ConfigurableApplicationContext context =
                SpringApplication.run(OrreryApplication.class, options.toArray(String[]::new));
        SimulationRunner runner = context.getBean(SimulationRunner.class);
        CompletableFuture<long[]> cpu = new CompletableFuture<>();
        runner.addListener(new RunListener() {
            @Override
            public void onFinished(RunResult result) { // on the runner thread: its CPU time over the whole run
                cpu.complete(new long[] {
                    ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(),
                    result.iterations(),
                    result.simTimeNanos()
                });
            }
        });
        long start = threadCpu(runner);
        runner.control().resume().get(60, TimeUnit.SECONDS);
        long[] end = cpu.get(30, TimeUnit.MINUTES);
        context.close();
        System.out.printf(
                Locale.ROOT,
                "RESULT cpu_ns_per_step=%.1f steps=%d sim_s=%.3f%n",
                (double) (end[0] - start) / end[1],
                end[1],
                end[2] / 1e9);
        System.exit(0);
    }

    /** The runner thread's CPU time so far (loading the world, before the first step). */
    private static long threadCpu(SimulationRunner runner) throws Exception {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("orrery-runner")) {
                return ManagementFactory.getThreadMXBean().getThreadCpuTime(t.getId());
            }
        }
        throw new IllegalStateException("no orrery-runner thread");
    }
}
