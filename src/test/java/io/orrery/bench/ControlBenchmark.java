package io.orrery.bench;

import io.orrery.OrreryApplication;
import io.orrery.runner.SimulationRunner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A controller in the loop on Gazebo's diff_drive.sdf (factor 0, started paused), on the loopback: one step per
 * round trip, publishing vehicle_blue's cmd_vel and observing both vehicles' odometry, over the control WebSocket
 * (with the JDK's client, its listener run on the client's selector thread, and with a blocking socket client) and
 * over {@code POST /api/simulation/step} (keep-alive). Round trips per second, the round-trip time's percentiles and
 * the CPU each thread group spent, after a warm-up, in alternating rounds that each start from a reset. The engine
 * is the default unless {@code -Dorrery.physics.engine=bullet}.
 */
final class ControlBenchmark {

    private static final Path WORLD = Path.of("worlds/gazebo/diff_drive.sdf");
    private static final int WARM_UP = Integer.getInteger("orrery.bench.control.warmup", 5_000);
    private static final int ROUND_TRIPS = Integer.getInteger("orrery.bench.control.trips", 20_000);
    private static final int ROUNDS = 3;
    /** {@code -Dorrery.bench.control.http=false} leaves HTTP out (to profile the WebSocket alone). */
    private static final boolean HTTP = Boolean.parseBoolean(System.getProperty("orrery.bench.control.http", "true"));
    private static final String STEP = "\"count\":1,\"publish\":{\"/model/vehicle_blue/cmd_vel\":{\"linear\":{\"x\":0.5},"
            + "\"angular\":{\"z\":0.2}}},\"observe\":[\"/model/vehicle_blue/odometry\","
            + "\"/model/vehicle_green/odometry\"]}";

    private ControlBenchmark() {
    }

    static void run() throws Exception {
        if (!Files.exists(WORLD)) {
            throw new IllegalStateException("control: " + WORLD.toAbsolutePath().normalize() + " not found");
        }
        Path dir = Files.createTempDirectory("orrery-bench-control");
        Path world = Files.copy(WORLD, dir.resolve("diff_drive.sdf"), StandardCopyOption.REPLACE_EXISTING);
        System.out.println();
        System.out.println("Controller in the loop on diff_drive.sdf, factor 0: 1 step per round trip, cmd_vel published,"
                + " 2 odometry topics observed");
        ConfigurableApplicationContext app = SpringApplication.run(OrreryApplication.class, "--server.port=0",
                "--orrery.worlds-dir=" + dir, "--orrery.world=" + world, "--orrery.real-time-factor=0",
                "--orrery.start-paused=true", "--orrery.status-log-interval=0s", "--logging.level.root=WARN");
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            SimulationRunner runner = app.getBean(SimulationRunner.class);
            while (!runner.status().paused()) {
                Thread.sleep(20); // loaded
            }
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(Runnable::run).build();
            try (Socket ws = new Socket(http, port); Lean lean = new Lean(port)) {
                List<Kind> kinds = new ArrayList<>(List.of(
                        new Kind("WebSocket /api/control, JDK java.net.http.WebSocket client", ws, ws::step, false),
                        new Kind("WebSocket /api/control, blocking socket client", lean, lean::step, false)));
                if (HTTP) {
                    kinds.add(new Kind("HTTP POST /api/simulation/step", ws, new HttpStep(http, port)::step, true));
                }
                for (Kind k : kinds) {
                    round("warm-up", k, WARM_UP, new double[1], 0);
                }
                long[][][] times = new long[kinds.size()][ROUNDS][];
                double[][] rates = new double[kinds.size()][ROUNDS];
                double[][] cpus = new double[kinds.size()][ROUNDS];
                for (int r = 0; r < ROUNDS; r++) {
                    for (int k = 0; k < kinds.size(); k++) {
                        times[k][r] = round(kinds.get(k).name(), kinds.get(k), ROUND_TRIPS, cpus[k], r);
                        rates[k][r] = ROUND_TRIPS / (sum(times[k][r]) / 1e9);
                    }
                }
                for (int k = 0; k < kinds.size(); k++) {
                    report(kinds.get(k).name(), rates[k], times[k], cpus[k]);
                }
            }
        } finally {
            app.close();
        }
    }

    /** One step's round trip, request sent to answer read; returns the answer. */
    private interface Transport {
        String step(long id) throws Exception;
    }

    /** A connection to the control WebSocket: one request, then its answer. */
    private interface Control {
        String send(String request) throws Exception;

        default void call(String request, String op) throws Exception {
            String answer = send(request);
            if (!answer.startsWith("{\"op\":\"" + op + "\"")) {
                throw new IllegalStateException(request + " answered " + answer);
            }
        }

        default String step(long id) throws Exception {
            return send("{\"op\":\"step\",\"id\":" + id + "," + STEP);
        }
    }

    /**
     * A way to step: {@code control} acquires and resets before each round (and releases after); an HTTP round
     * releases first, since the HTTP step is refused while a controller holds the world.
     */
    private record Kind(String name, Control control, Transport transport, boolean http) {
    }

    /**
     * A round from a reset: {@code trips} round trips, each answer checked to be a step of the world one step on;
     * the process CPU they took goes to {@code cpu[index]} (µs per round trip), and the CPU by thread is printed.
     */
    private static long[] round(String what, Kind kind, int trips, double[] cpu, int index) throws Exception {
        Control control = kind.control();
        control.call("{\"op\":\"acquire\",\"id\":0}", "acquired");
        control.call("{\"op\":\"reset\",\"id\":0}", "reset");
        if (kind.http()) {
            control.call("{\"op\":\"release\",\"id\":0}", "released");
        }
        System.gc();
        Map<Long, Long> threadsStart = threadCpuNanos();
        long cpuStart = processCpuNanos();
        long[] times = new long[trips];
        Transport t = kind.transport();
        for (int i = 0; i < trips; i++) {
            long start = System.nanoTime();
            String answer = t.step(i + 1);
            times[i] = System.nanoTime() - start;
            if (!answer.contains("\"iterations\":" + (i + 1) + ",")) {
                throw new IllegalStateException(what + ": round trip " + (i + 1) + " answered " + answer);
            }
        }
        cpu[index] = (processCpuNanos() - cpuStart) / 1e3 / trips;
        StringBuilder split = new StringBuilder();
        byGroup(threadsStart, threadCpuNanos()).forEach((group, nanos) -> split.append(split.length() == 0 ? "" : ", ")
                .append(group).append(' ').append(String.format(Locale.ROOT, "%.0f", nanos / 1e3 / trips)));
        System.out.printf(Locale.ROOT, "  %s, round %d: CPU per round trip by thread (us): %s%n", what, index + 1,
                split);
        if (!kind.http()) {
            control.call("{\"op\":\"release\",\"id\":0}", "released");
        }
        return times;
    }

    private static void report(String what, double[] rates, long[][] times, double[] cpu) {
        long[] all = Arrays.stream(times).flatMapToLong(Arrays::stream).sorted().toArray();
        System.out.printf(Locale.ROOT, "%s: %s round trips/s (median %.0f); round trip p50 %.0f us, p90 %.0f us,"
                + " p99 %.0f us, max %.1f ms; process CPU %.0f us per round trip, client and server (median);"
                + " %d round trips in %d rounds after %d warm-up%n", what, list(rates), Benchmarks.median(rates),
                at(all, 0.50) / 1e3, at(all, 0.90) / 1e3, at(all, 0.99) / 1e3, all[all.length - 1] / 1e6,
                Benchmarks.median(cpu), all.length, times.length, WARM_UP);
    }

    /** Each live Java thread's CPU time, by thread id. */
    private static Map<Long, Long> threadCpuNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new LinkedHashMap<>();
        for (long id : mx.getAllThreadIds()) {
            cpu.put(id, mx.getThreadCpuTime(id)); // -1 for a thread that has ended meanwhile
        }
        return cpu;
    }

    /**
     * The CPU each group of threads took between two readings (a thread that ended between them is left out): the
     * runner; Tomcat's threads (reading frames and requests, parsing them, writing HTTP answers); the control send
     * pool (rendering and sending WebSocket answers); the client (the benchmark's thread and the JDK HttpClient's);
     * Orrery's other Java threads. JIT and GC threads are not Java threads and are not counted here.
     */
    private static Map<String, Long> byGroup(Map<Long, Long> start, Map<Long, Long> end) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<String, Long> groups = new LinkedHashMap<>();
        for (String g : List.of("runner", "tomcat", "send", "client", "other")) {
            groups.put(g, 0L);
        }
        end.forEach((id, nanos) -> {
            ThreadInfo t = mx.getThreadInfo(id);
            if (t == null || nanos < 0) {
                return;
            }
            String n = t.getThreadName();
            String g = n.equals("orrery-runner") ? "runner" : n.startsWith("http-nio") ? "tomcat"
                    : n.startsWith("orrery-control-send") ? "send"
                    : n.equals("main") || n.startsWith("HttpClient") ? "client" : "other";
            groups.merge(g, nanos - Math.max(0, start.getOrDefault(id, 0L)), Long::sum);
        });
        return groups;
    }

    /** CPU time of the whole process (server and client threads, JIT and GC). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double at(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))];
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }

    private static String list(double[] values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.0f", v));
        }
        return s.toString();
    }

    /** The control WebSocket as a controller uses it: one request, then its answer. */
    private static final class Socket implements WebSocket.Listener, Control, AutoCloseable {
        private final WebSocket socket;
        private final StringBuilder text = new StringBuilder();
        private volatile CompletableFuture<String> pending;

        Socket(HttpClient http, int port) throws Exception {
            socket = http.newWebSocketBuilder().buildAsync(URI.create("ws://localhost:" + port + "/api/control"), this)
                    .get(30, TimeUnit.SECONDS);
        }

        @Override
        public String send(String request) throws Exception {
            CompletableFuture<String> answer = new CompletableFuture<>();
            pending = answer;
            socket.sendText(request, true);
            return answer.get(30, TimeUnit.SECONDS);
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String frame = text.toString();
                text.setLength(0);
                pending.complete(frame);
            }
            ws.request(1);
            return null;
        }

        @Override
        public void close() {
            socket.abort();
        }
    }

    /** The blocking client as a controller. */
    private static final class Lean implements Control, AutoCloseable {
        private final BlockingWebSocket socket;

        Lean(int port) throws Exception {
            socket = new BlockingWebSocket(port, "/api/control");
        }

        @Override
        public String send(String request) throws Exception {
            socket.send(request);
            return socket.receive();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** The same step over HTTP: the body without op and id. */
    private record HttpStep(HttpClient http, int port) {
        String step(long id) throws Exception {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port
                    + "/api/simulation/step")).timeout(Duration.ofSeconds(30)).header("Content-Type",
                    "application/json").POST(HttpRequest.BodyPublishers.ofString("{" + STEP)).build();
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("HTTP step: " + r.statusCode() + " " + r.body());
            }
            return r.body();
        }
    }
}
