package io.orrery.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.transport.gz.GzServer;
import io.orrery.transport.gz.NetNamespace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * gz-transport: Orrery on diff_drive.sdf at factor 0 (as fast as it steps) inside a network namespace of its own,
 * with Debian's ign-transport 11 tools beside it (see GzToolsTests). (1) The step loop's cost: two servers side by
 * side for 20 s, one with the node off and one with it on (with no gz subscriber, or with {@code -e} subscribers on
 * {@code /clock}, every iteration, and {@code /world/diff_drive/pose/info}, 60 a second), so that both see the same
 * load; the runner thread's CPU per step of each, from /proc, and their ratio, in rounds that alternate which server
 * starts first. (2) Messages a second and latency from Orrery's publisher to an {@code ign-transport-topic -e -t
 * /clock} subscriber over 10 s: each Clock carries the wall-clock time it was built at ({@code system}), compared
 * with when its printout reached this process (through {@code stdbuf -oL}, so it includes the tool's parsing and
 * printing).
 */
final class GzTransportBenchmark {

    private static final String TOPIC = "/usr/libexec/ignition/transport11/ign-transport-topic";
    private static final String PARTITION = "bench";
    private static final long MEASURE_SECONDS = 20;

    private GzTransportBenchmark() {}

    static void run() throws Exception {
        Path dir = Files.createTempDirectory("orrery-gz-bench");
        try (NetNamespace ns = NetNamespace.create()) {
            System.out.println("gz-transport: diff_drive.sdf at factor 0, in a network namespace, ign-transport 11;"
                    + " each round two servers side by side for " + MEASURE_SECONDS + " s");
            Map<String, List<Double>> ratios = new java.util.LinkedHashMap<>();
            int round = 0;
            for (String on : List.of("on", "on + subscribers", "on", "on + subscribers", "on", "on + subscribers")) {
                boolean offFirst = round++ % 4 < 2; // alternated: the second server starts into a busier machine
                ratios.computeIfAbsent(on, k -> new ArrayList<>()).add(sideBySide(ns, dir, on, offFirst));
            }
            ratios.forEach((variant, r) -> {
                List<Double> sorted = r.stream().sorted().toList();
                System.out.printf(
                        Locale.ROOT,
                        "  runner CPU a step, transport %s / off: median %.2f over %d rounds" + " (%s)%n",
                        variant,
                        sorted.get(sorted.size() / 2),
                        sorted.size(),
                        sorted.stream()
                                .map(x -> String.format(Locale.ROOT, "%.2f", x))
                                .toList());
            });
            throughput(ns, dir);
        }
    }

    /** One round: a server with the node off and one with it {@code on}, measured over the same 20 s. */
    private static double sideBySide(NetNamespace ns, Path dir, String on, boolean offFirst) throws Exception {
        Path d = Files.createDirectories(dir.resolve("round" + System.nanoTime()));
        String partition = PARTITION + "-" + d.getFileName(); // a subscriber of one round never sees the next
        List<String> order = offFirst ? List.of("off", on) : List.of(on, "off");
        Map<String, GzServer> servers = new java.util.LinkedHashMap<>();
        List<Process> echoes = new ArrayList<>();
        try {
            for (String variant : order) {
                Path vd = Files.createDirectories(
                        d.resolve(variant.replace(' ', '_').replace("+", "")));
                servers.put(
                        variant,
                        GzServer.start(
                                ns, vd, partition, List.of("--orrery.real-time-factor=0"), !variant.equals("off")));
            }
            if (on.contains("subscribers")) {
                for (String topic : List.of("/clock", "/world/diff_drive/pose/info")) {
                    echoes.add(ns.start(
                            List.of(TOPIC, "-e", "-t", topic, "-d", "60"),
                            GzServer.env(partition),
                            d.resolve("echo" + topic.replace('/', '_') + ".log")));
                }
            }
            Thread.sleep(8000); // JIT warm-up, subscribers registered
            Map<String, JsonNode> statsA = new java.util.HashMap<>();
            Map<String, Map<String, Long>> cpuA = new java.util.HashMap<>();
            for (var e : servers.entrySet()) {
                statsA.put(e.getKey(), statistics(ns, e.getValue()));
                cpuA.put(e.getKey(), threadCpu(e.getValue().pid()));
            }
            Thread.sleep(MEASURE_SECONDS * 1000);
            Map<String, Double> perStep = new java.util.HashMap<>();
            for (var e : servers.entrySet()) {
                JsonNode b = statistics(ns, e.getValue());
                Map<String, Long> cpuB = threadCpu(e.getValue().pid());
                JsonNode a = statsA.get(e.getKey());
                long n = b.get("steps").asLong() - a.get("steps").asLong();
                double runnerCpu =
                        (cpuB.getOrDefault("runner", 0L) - cpuA.get(e.getKey()).getOrDefault("runner", 0L))
                                / (double) TICKS;
                double nodeCpu =
                        (cpuB.getOrDefault("node", 0L) - cpuA.get(e.getKey()).getOrDefault("node", 0L))
                                / (double) TICKS;
                perStep.put(e.getKey(), runnerCpu / n * 1e6);
                System.out.printf(
                        Locale.ROOT,
                        "  transport %-17s %7d steps: runner thread %6.1f us of CPU a step;"
                                + " the node's threads %5.2f s of CPU (%.1f%% of a core)%n",
                        e.getKey(),
                        n,
                        runnerCpu / n * 1e6,
                        nodeCpu,
                        nodeCpu / MEASURE_SECONDS * 100);
            }
            return perStep.get(on) / perStep.get("off");
        } finally {
            echoes.forEach(Process::destroy);
            for (GzServer s : servers.values()) {
                s.stop();
            }
        }
    }

    /** Clock ticks a second in /proc's times (USER_HZ, 100 on Linux). */
    private static final long TICKS = 100;

    /**
     * CPU ticks (user + system) of the server's runner thread and of the node's threads (gz-transport's own and
     * JeroMQ's I/O and reaper threads), from /proc: the CPU they used, which the machine's load does not inflate as
     * it does wall time.
     */
    private static Map<String, Long> threadCpu(long pid) throws Exception {
        Map<String, Long> cpu = new java.util.HashMap<>();
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks.toList()) {
                String name;
                String stat;
                try {
                    name = Files.readString(task.resolve("comm")).trim();
                    stat = Files.readString(task.resolve("stat"));
                } catch (java.io.IOException gone) {
                    continue;
                }
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
                String key = name.equals("orrery-runner")
                        ? "runner"
                        : name.startsWith("gz-transport") || name.startsWith("iothread") || name.startsWith("reaper")
                                ? "node"
                                : "other";
                cpu.merge(key, ticks, Long::sum);
            }
        }
        return cpu;
    }

    private static JsonNode statistics(NetNamespace ns, GzServer s) throws Exception {
        String out = s.get(ns, "/api/statistics");
        return new ObjectMapper().readTree(out.substring(out.indexOf('{')));
    }

    private static void throughput(NetNamespace ns, Path dir) throws Exception {
        Path d = Files.createDirectories(dir.resolve("throughput"));
        GzServer s = GzServer.start(ns, d, PARTITION, List.of("--orrery.real-time-factor=0"), true);
        try {
            Thread.sleep(8000);
            long stepsBefore = statistics(ns, s).get("steps").asLong();
            Process echo = ns.startPiped(
                    List.of("/usr/bin/stdbuf", "-oL", TOPIC, "-e", "-t", "/clock", "-d", "12"),
                    GzServer.env(PARTITION));
            List<Double> latencies = new ArrayList<>();
            Pattern sec = Pattern.compile("^\\s*sec: (\\d+)");
            Pattern nsec = Pattern.compile("^\\s*nsec: (\\d+)");
            long first = 0;
            long last = 0;
            int counted = 0;
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(echo.getInputStream(), StandardCharsets.UTF_8))) {
                boolean inSystem = false;
                long s0 = 0;
                long n0 = 0;
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (line.startsWith("system {")) {
                        inSystem = true;
                        s0 = 0;
                        n0 = 0;
                    } else if (inSystem && line.startsWith("}")) {
                        inSystem = false;
                        Instant now = Instant.now();
                        long receivedNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
                        long sentNanos = s0 * 1_000_000_000L + n0;
                        if (first == 0) {
                            first = receivedNanos;
                        }
                        last = receivedNanos;
                        counted++;
                        if (receivedNanos - first > 1_000_000_000L) { // the first second is the tool's warm-up
                            latencies.add((receivedNanos - sentNanos) / 1e6);
                        }
                    } else if (inSystem) {
                        Matcher m = sec.matcher(line);
                        if (m.find()) {
                            s0 = Long.parseLong(m.group(1));
                        }
                        m = nsec.matcher(line);
                        if (m.find()) {
                            n0 = Long.parseLong(m.group(1));
                        }
                    }
                }
            }
            long steps = statistics(ns, s).get("steps").asLong() - stepsBefore;
            Collections.sort(latencies);
            double seconds = (last - first) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "  /clock to ign-transport-topic -e: %d messages in %.1f s = %.0f a second"
                            + " (Orrery stepped %d times meanwhile, one Clock each)%n",
                    counted,
                    seconds,
                    counted / seconds,
                    steps);
            if (!latencies.isEmpty()) {
                System.out.printf(
                        Locale.ROOT,
                        "  latency (built to printed): median %.2f ms, p95 %.2f ms, p99 %.2f ms,"
                                + " max %.2f ms over %d messages%n",
                        pct(latencies, 0.5),
                        pct(latencies, 0.95),
                        pct(latencies, 0.99),
                        latencies.get(latencies.size() - 1),
                        latencies.size());
            }
        } finally {
            s.stop();
        }
    }

    private static double pct(List<Double> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(p * sorted.size())));
    }

    /** The benchmark's name on {@link Benchmarks}' command line. */
    static final String NAME = "gz-transport";
}
