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
 * simulated minute. The writer's own thread is not counted in the runner's CPU, so the whole process's CPU a step is
 * reported too (every thread's, the writer's included, until it has written what the run handed it). {@code ./mvnw -q test-compile exec:java -Dexec.args="recording"}.
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
                new String[] {"worlds/default.sdf", "20000"}, new String[] {"worlds/gazebo/3k_shapes.sdf", "300"})) {
            List<Double> off = new ArrayList<>();
            List<Double> on = new ArrayList<>();
            List<Double> processOff = new ArrayList<>();
            List<Double> processOn = new ArrayList<>();
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
                    (record ? processOn : processOff).add(Double.parseDouble(r.get("process_cpu_ns_per_step")));
                    if (record) {
                        double simMinutes = Double.parseDouble(r.get("sim_s")) / 60;
                        bytesPerMinute = Files.size(report.resolveSibling("result.mcap")) / simMinutes;
                    }
                }
            }
            double offMean = off.stream().mapToDouble(d -> d).average().orElseThrow();
            double onMean = on.stream().mapToDouble(d -> d).average().orElseThrow();
            double pOff = processOff.stream().mapToDouble(d -> d).average().orElseThrow();
            double pOn = processOn.stream().mapToDouble(d -> d).average().orElseThrow();
            System.out.printf(
                    Locale.ROOT,
                    "  %-28s %s steps: off %.1f us, on %.1f us CPU a step (%+.1f%%); %.1f MB a simulated minute;"
                            + " rounds off %s on %s us; the process's CPU a step: off %.1f us, on %.1f us (%+.1f%%)%n",
                    w[0],
                    w[1],
                    offMean / 1e3,
                    onMean / 1e3,
                    100 * (onMean / offMean - 1),
                    bytesPerMinute / 1e6,
                    micros(off),
                    micros(on),
                    pOff / 1e3,
                    pOn / 1e3,
                    100 * (pOn / pOff - 1));
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
        long processStart = processCpu();
        runner.control().resume().get(60, TimeUnit.SECONDS);
        long[] end = cpu.get(30, TimeUnit.MINUTES);
        awaitWriterIdle();
        long processEnd = processCpu();
        context.close();
        System.out.printf(
                Locale.ROOT,
                "RESULT cpu_ns_per_step=%.1f process_cpu_ns_per_step=%.1f steps=%d sim_s=%.3f%n",
                (double) (end[0] - start) / end[1],
                (double) (processEnd - processStart) / end[1],
                end[1],
                end[2] / 1e9);
        System.exit(0);
    }

    /** The whole process's CPU time so far: every thread's, the recording's writer, the JIT and the GC too. */
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * Waits until the recording's writer has written what the run handed it (its thread uses less than 1 ms of CPU in
     * 50 ms: idle, it only looks at its queue now and then), so that the process's CPU counts its work; waits the same
     * 150 ms when nothing records, so that both count the same idle time.
     */
    private static void awaitWriterIdle() throws InterruptedException {
        var threads = ManagementFactory.getThreadMXBean();
        Thread writer = null;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("orrery-record-") && !t.getName().equals("orrery-record-sync")) {
                writer = t;
            }
        }
        long last = writer == null ? 0 : threads.getThreadCpuTime(writer.getId());
        for (int quiet = 0; quiet < 3; ) {
            Thread.sleep(50);
            long now = writer == null ? 0 : threads.getThreadCpuTime(writer.getId());
            quiet = now - last < 1_000_000 ? quiet + 1 : 0;
            last = now;
        }
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
