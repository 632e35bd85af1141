package io.orrery.bench;

import io.orrery.OrreryApplication;
import io.orrery.runner.SimulationRunner;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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

    private static final String STEP =
            "\"count\":1,\"publish\":{\"/model/vehicle_blue/cmd_vel\":{\"linear\":{\"x\":0.5},"
                    + "\"angular\":{\"z\":0.2}}},\"observe\":[\"/model/vehicle_blue/odometry\","
                    + "\"/model/vehicle_green/odometry\"]}";

    private ControlBenchmark() {}

    static void run() throws Exception {
        if (!Files.exists(WORLD)) {
            throw new IllegalStateException("control: " + WORLD.toAbsolutePath().normalize() + " not found");
        }
        Path dir = Files.createTempDirectory("orrery-bench-control");
        Path world = Files.copy(WORLD, dir.resolve("diff_drive.sdf"), StandardCopyOption.REPLACE_EXISTING);
        System.out.println();
        System.out.println(
                "Controller in the loop on diff_drive.sdf, factor 0: 1 step per round trip, cmd_vel published,"
                        + " 2 odometry topics observed");
        ConfigurableApplicationContext app = SpringApplication.run(
                OrreryApplication.class,
                "--server.port=0",
                "--orrery.worlds-dir=" + dir,
                "--orrery.world=" + world,
                "--orrery.real-time-factor=0",
                "--orrery.start-paused=true",
                "--orrery.status-log-interval=0s",
                "--logging.level.root=WARN",
                // the clients not in the round answer no pings meanwhile; a round may take minutes on a loaded machine
                "--orrery.control.idle-timeout=1h");
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            SimulationRunner runner = app.getBean(SimulationRunner.class);
            while (!runner.reads().status().paused()) {
                Thread.sleep(20); // loaded
            }
            HttpClient http = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .executor(Runnable::run)
                    .build();
            try (Socket ws = new Socket(http, port);
                    Lean lean = new Lean(port);
                    BlockingHttp plain = new BlockingHttp(port)) {
                List<Kind> kinds = new ArrayList<>(List.of(
                        new Kind("WebSocket /api/control, JDK java.net.http.WebSocket client", ws, ws::step, false),
                        new Kind("WebSocket /api/control, blocking socket client", lean, lean::step, false)));
                if (HTTP) {
                    kinds.add(new Kind(
                            "HTTP POST /api/simulation/step, JDK java.net.http.HttpClient",
                            ws,
                            new HttpStep(http, port)::step,
                            true));
                    kinds.add(new Kind(
                            "HTTP POST /api/simulation/step, blocking socket client",
                            lean,
                            id -> plain.post("/api/simulation/step", "{" + STEP),
                            true));
                }
                List<String> python =
                        PYTHON.isEmpty() ? List.of() : HTTP ? List.of("websocket", "http") : List.of("websocket");
                for (Kind k : kinds) {
                    round("warm-up", k, WARM_UP, new double[1], new double[1], 0);
                }
                long[][][] times = new long[kinds.size()][ROUNDS][];
                double[][] rates = new double[kinds.size()][ROUNDS];
                double[][] cpus = new double[kinds.size()][ROUNDS];
                double[][] runnerCpus = new double[kinds.size()][ROUNDS];
                List<List<Map<String, String>>> pythonRounds = new ArrayList<>();
                python.forEach(p -> pythonRounds.add(new ArrayList<>()));
                for (int r = 0; r < ROUNDS; r++) {
                    for (int k = 0; k < kinds.size(); k++) {
                        times[k][r] = round(kinds.get(k).name(), kinds.get(k), ROUND_TRIPS, cpus[k], runnerCpus[k], r);
                        rates[k][r] = ROUND_TRIPS / (sum(times[k][r]) / 1e9);
                    }
                    for (int k = 0; k < python.size(); k++) {
                        pythonRounds.get(k).add(python(python.get(k), port, r));
                    }
                }
                for (int k = 0; k < kinds.size(); k++) {
                    report(kinds.get(k).name(), rates[k], times[k], cpus[k], runnerCpus[k]);
                }
                for (int k = 0; k < python.size(); k++) {
                    reportPython(python.get(k), pythonRounds.get(k));
                }
                if (PYTHON.isEmpty()) {
                    System.out.println("Python: no python3 on the PATH (-Dorrery.bench.control.python= names one):"
                            + " its client was not measured");
                }
            }
        } finally {
            app.close();
        }
    }

    /** The Python interpreter for the standard-library client, or empty when there is none. */
    private static final String PYTHON = python3();

    private static final Path PYTHON_CLIENT = Path.of("examples/python-controller/controller.py");

    private static String python3() {
        String named = System.getProperty("orrery.bench.control.python", "python3");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!named.contains("/") && Files.isExecutable(Path.of(dir, named))) {
                return Path.of(dir, named).toString();
            }
        }
        return named.contains("/") && Files.isExecutable(Path.of(named)) ? named : "";
    }

    /**
     * One round of the Python client (examples/python-controller) in a process of its own: {@code WARM_UP} round
     * trips, then {@code ROUND_TRIPS}, from a reset; its figures and the server's CPU per round trip by thread group
     * over the whole run (the warm-up included: the server cannot tell them apart).
     */
    private static Map<String, String> python(String kind, int port, int index) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                PYTHON,
                PYTHON_CLIENT.toString(),
                "bench",
                "ws://localhost:" + port + "/api/control",
                "--trips",
                "" + ROUND_TRIPS,
                "--warmup",
                "" + WARM_UP));
        if (kind.equals("http")) {
            command.add("--http");
        }
        Map<Long, Long> threadsStart = threadCpuNanos();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (p.waitFor() != 0 || !out.contains("RESULT ")) {
            throw new IllegalStateException("the Python client failed: " + command + "\n" + out);
        }
        Map<String, Long> groups = byGroup(threadsStart, threadCpuNanos());
        Map<String, String> fields = new LinkedHashMap<>();
        for (String kv : out.substring(out.indexOf("RESULT ") + 7).trim().split("\\s+")) {
            int eq = kv.indexOf('=');
            fields.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        int trips = ROUND_TRIPS + WARM_UP;
        groups.forEach(
                (g, nanos) -> fields.put("server_" + g, String.format(Locale.ROOT, "%.0f", nanos / 1e3 / trips)));
        System.out.printf(
                Locale.ROOT,
                "  Python %s, round %d: %s round trips/s; CPU per round trip by thread (us):"
                        + " runner %s, tomcat %s, send %s, python %s%n",
                kind,
                index + 1,
                fields.get("rate"),
                fields.get("server_runner"),
                fields.get("server_tomcat"),
                fields.get("server_send"),
                fields.get("client_cpu_us"));
        return fields;
    }

    private static void reportPython(String kind, List<Map<String, String>> rounds) {
        double[] rates = rounds.stream()
                .mapToDouble(r -> Double.parseDouble(r.get("rate")))
                .toArray();
        System.out.printf(
                Locale.ROOT,
                "Python standard library client, %s: %s round trips/s (median %.0f); round trip"
                        + " p50 %s us, p90 %s us, p99 %s us (median of the rounds'); runner CPU %s us per round trip,"
                        + " Python's own %s us (medians)%n",
                kind,
                list(rates),
                Benchmarks.median(rates),
                medianOf(rounds, "p50_us"),
                medianOf(rounds, "p90_us"),
                medianOf(rounds, "p99_us"),
                medianOf(rounds, "server_runner"),
                medianOf(rounds, "client_cpu_us"));
    }

    private static String medianOf(List<Map<String, String>> rounds, String field) {
        return String.format(
                Locale.ROOT,
                "%.0f",
                Benchmarks.median(rounds.stream()
                        .mapToDouble(r -> Double.parseDouble(r.get(field)))
                        .toArray()));
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
    private record Kind(String name, Control control, Transport transport, boolean http) {}

    /**
     * A round from a reset: {@code trips} round trips, each answer checked to be a step of the world one step on;
     * the process CPU they took goes to {@code cpu[index]} (µs per round trip), and the CPU by thread is printed.
     */
    private static long[] round(String what, Kind kind, int trips, double[] cpu, double[] runnerCpu, int index)
            throws Exception {
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
        Map<String, Long> groups = byGroup(threadsStart, threadCpuNanos());
        runnerCpu[index] = groups.get("runner") / 1e3 / trips;
        StringBuilder split = new StringBuilder();
        groups.forEach((group, nanos) -> split.append(split.length() == 0 ? "" : ", ")
                .append(group)
                .append(' ')
                .append(String.format(Locale.ROOT, "%.0f", nanos / 1e3 / trips)));
        System.out.printf(
                Locale.ROOT, "  %s, round %d: CPU per round trip by thread (us): %s%n", what, index + 1, split);
        if (!kind.http()) {
            control.call("{\"op\":\"release\",\"id\":0}", "released");
        }
        return times;
    }

    private static void report(String what, double[] rates, long[][] times, double[] cpu, double[] runnerCpu) {
        long[] all = Arrays.stream(times).flatMapToLong(Arrays::stream).sorted().toArray();
        System.out.printf(
                Locale.ROOT,
                "%s: %s round trips/s (median %.0f); round trip p50 %.0f us, p90 %.0f us,"
                        + " p99 %.0f us, max %.1f ms; process CPU %.0f us per round trip, client and server, of it the"
                        + " runner's %.0f us (medians); %d round trips in %d rounds after %d warm-up%n",
                what,
                list(rates),
                Benchmarks.median(rates),
                at(all, 0.50) / 1e3,
                at(all, 0.90) / 1e3,
                at(all, 0.99) / 1e3,
                all[all.length - 1] / 1e6,
                Benchmarks.median(cpu),
                Benchmarks.median(runnerCpu),
                all.length,
                times.length,
                WARM_UP);
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
            String g = n.equals("orrery-runner")
                    ? "runner"
                    : n.startsWith("http-nio")
                            ? "tomcat"
                            : n.startsWith("orrery-control-send")
                                    ? "send"
                                    : n.equals("main") || n.startsWith("HttpClient") ? "client" : "other";
            groups.merge(g, nanos - Math.max(0, start.getOrDefault(id, 0L)), Long::sum);
        });
        return groups;
    }

    /** CPU time of the whole process (server and client threads, JIT and GC). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
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
            socket = http.newWebSocketBuilder()
                    .buildAsync(URI.create("ws://localhost:" + port + "/api/control"), this)
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
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("http://localhost:" + port + "/api/simulation/step"))
                    .timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{" + STEP))
                    .build();
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("HTTP step: " + r.statusCode() + " " + r.body());
            }
            return r.body();
        }
    }
}
