package io.orrery.bench;

import io.orrery.OrreryApplication;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Many worlds in one round trip (docs/performance.md#many-worlds): the Python client (clients/python/examples/bench.py,
 * zero actions) stepping N cart-poles of one server for N = 1, 8, 64, 256, and diff_drive.sdf's vehicle for N = 1;
 * env-steps/s, round trips/s, the round trip's p50/p99, and the server's CPU per env-step (this JVM's process CPU time
 * over the run, all its threads, divided by the env-steps). Beside them, MuJoCo's own testspeed on the same cart-pole
 * in MJCF (Debian's libmujoco-samples), steps per second on one thread.
 */
final class VectorBenchmark {

    static final String NAME = "vector";
    /** Env-steps per measured run (and per warm-up run) for each N. */
    static final int STEPS = Integer.getInteger("orrery.bench.vector.steps", 200_000);

    private VectorBenchmark() {}

    static void run() throws Exception {
        System.out.println();
        System.out.println("Many worlds, one round trip: Python client (NumPy) and server on the same "
                + Runtime.getRuntime().availableProcessors() + " cores, zero actions, about " + STEPS
                + " env-steps after as many to warm up");
        for (String worlds :
                System.getProperty("orrery.bench.vector.worlds", "1,8,64,256").split(",")) {
            int n = Integer.parseInt(worlds.trim());
            measure("cartpole.sdf", Path.of("worlds/cartpole.sdf"), Path.of("worlds/cartpole.task.yaml"), n);
        }
        measure(
                "diff_drive.sdf",
                Path.of("worlds/gazebo/diff_drive.sdf"),
                Path.of("src/test/resources/bench/diff_drive.task.yaml"),
                1);
        mujoco();
    }

    private static void measure(String label, Path world, Path task, int n) throws Exception {
        ConfigurableApplicationContext app = SpringApplication.run(
                OrreryApplication.class,
                "--server.port=0",
                "--orrery.world=" + world,
                "--orrery.worlds.count=" + n,
                "--orrery.worlds.task=" + task,
                "--orrery.start-paused=true",
                "--orrery.status-log-interval=0s",
                "--logging.level.root=WARN");
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            String url = "ws://localhost:" + port + "/api/vector";
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            // A run of its own warms the JIT first: C2 was still compiling a quarter of the server's CPU after 57,000
            // env-steps. The CPU is then taken over the measured client run only (its connect, reset and steps).
            python(
                    "clients/python/examples/bench.py",
                    url,
                    "--envs",
                    "" + n,
                    "--steps",
                    "" + envSteps(n),
                    "--warmup",
                    "0");
            int steps = envSteps(n);
            long cpu0 = os.getProcessCpuTime();
            String out = python(
                    "clients/python/examples/bench.py", url, "--envs", "" + n, "--steps", "" + steps, "--warmup", "10");
            long cpu = os.getProcessCpuTime() - cpu0;
            Matcher m = Pattern.compile("env_steps_per_s=(\\d+) round_trips_per_s=(\\d+) p50_us=(\\d+) p99_us=(\\d+)")
                    .matcher(out);
            if (!m.find()) {
                throw new IllegalStateException("bench.py printed no result:\n" + out);
            }
            long envSteps = (long) n * (steps + 10);
            System.out.printf(
                    Locale.ROOT,
                    "  %-15s N=%-4d %8s env-steps/s  %6s round trips/s  p50 %5s us  p99 %6s us  server CPU %.1f us"
                            + " per env-step%n",
                    label,
                    n,
                    m.group(1),
                    m.group(2),
                    m.group(3),
                    m.group(4),
                    cpu / 1e3 / envSteps);
        } finally {
            app.close();
        }
    }

    /** Batched steps for about {@link #STEPS} env-steps, at least 200 round trips and at most 20,000. */
    private static int envSteps(int n) {
        return Math.max(200, Math.min(20_000, STEPS / n));
    }

    private static void mujoco() throws Exception {
        Path testspeed = Path.of("/usr/bin/mujoco-testspeed");
        if (!Files.isExecutable(testspeed)) {
            throw new IllegalStateException("no " + testspeed + ": install Debian's libmujoco-samples for the anchor");
        }
        Process p = new ProcessBuilder(
                        testspeed.toString(),
                        Path.of("src/test/resources/bench/cartpole.xml").toString(),
                        "200000",
                        "1",
                        "0.01")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        Matcher m = Pattern.compile("Steps per second\\s*:\\s*(\\d+)").matcher(out);
        System.out.println("  anchor: MuJoCo testspeed, cart-pole MJCF, 1 thread: "
                + (m.find() ? m.group(1) + " steps/s" : "no figure:\n" + out));
    }

    private static String python(String... args) throws Exception {
        String python = null;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "python3"))) {
                python = Path.of(dir, "python3").toString();
                break;
            }
        }
        if (python == null) {
            throw new IllegalStateException("no python3 on the PATH");
        }
        List<String> command = new ArrayList<>(List.of(python));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(command + " failed:\n" + out);
        }
        return out;
    }
}
