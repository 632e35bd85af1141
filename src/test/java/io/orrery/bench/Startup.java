package io.orrery.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code startup} benchmark: the packaged jar ({@code ./mvnw -o -q -Paot package -DskipTests} first) launched in
 * child JVMs from the repository root on worlds/default.sdf, as a user runs it. Each launch is timed from just
 * before the process starts to the first 200 from {@code /actuator/health/readiness} (the world loaded, every plugin
 * started), polled every 25 ms; at that moment it reads the child's CPU time (user + system, from /proc, a figure
 * other processes on a busy machine disturb less than wall time), the part of it its JIT compiler threads spent, and
 * its RSS (VmRSS), then RSS again after a hold of running (10 s by default), and ends it with SIGTERM.
 *
 * <p>Variants, separated by {@code ;} in {@code -Dorrery.startup.variants}: a layout, {@code jar} (the fat jar) or
 * {@code cds} (the extracted jar with its class data sharing archive, made first by the commands of docs/fast-start.md:
 * {@link #extractAndTrain}), followed by JVM options, e.g. {@code "cds -XX:TieredStopAtLevel=1"}. The
 * child gets exactly these options, nothing else. A {@code cds} variant's archive is trained with the variant's
 * system properties ({@code -D...}), since they can change what start-up loads: {@code -Dspring.aot.enabled=true} (a
 * jar built with {@code -Paot}) runs the AOT-generated bean definitions instead of the configuration classes. Rounds
 * alternate the variants, so drift in the machine's load hits each alike; medians, minima and maxima are reported
 * with the load average before and after.
 * {@code -Dorrery.startup.runs} (5) and {@code -Dorrery.startup.hold-seconds} (10) set the rest.
 */
final class Startup {

    private static final Path JAR = Path.of("target/orrery-exec.jar");
    private static final Path CDS_DIR = Path.of("target/startup/cds");
    private static final Path LOGS = Path.of("target/startup/logs");
    /**
     * The plain jar, CDS in the regular mode, docs/fast-start.md's recipe (CDS and AOT), that recipe as the chart's
     * pod runs it (a 1 GiB memory limit's heap sizing and the chart's javaOpts), and the C1-only start for short
     * runs. The jar must be built with {@code -Paot}.
     */
    private static final String DEFAULT_VARIANTS = "jar; cds; cds -Dspring.aot.enabled=true;"
            + " cds -Dspring.aot.enabled=true -XX:MaxRAM=1g -XX:MaxRAMPercentage=75.0 -XX:+UseSerialGC;"
            + " cds -Dspring.aot.enabled=true -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
    /** Linux's USER_HZ, the unit of utime and stime in /proc/[pid]/stat (100 on every mainstream architecture). */
    private static final double CLOCK_TICKS_PER_SECOND = 100;

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private Startup() {}

    /** One way of launching Orrery: a layout and the JVM options given to the child. */
    private record Variant(String layout, List<String> options) {

        static Variant parse(String text) {
            List<String> words = List.of(text.trim().split("\\s+"));
            if (!List.of("jar", "cds").contains(words.get(0))) {
                throw new IllegalArgumentException(
                        "orrery.startup.variants: '" + text.trim() + "' must start with jar or cds");
            }
            return new Variant(words.get(0), words.subList(1, words.size()));
        }

        /** The options the training run shares with this variant: its system properties. */
        List<String> trainingProperties() {
            return options.stream().filter(o -> o.startsWith("-D")).toList();
        }

        /** The archive trained with this variant's system properties, one per distinct set. */
        Path archive() {
            List<String> properties = trainingProperties();
            return CDS_DIR.resolve(
                    properties.isEmpty()
                            ? "orrery.jsa"
                            : "orrery-" + Integer.toHexString(properties.hashCode()) + ".jsa");
        }

        List<String> command(int port) {
            List<String> command = new ArrayList<>(List.of(java()));
            if (layout.equals("cds")) {
                command.add("-XX:SharedArchiveFile=" + archive());
            }
            command.addAll(options);
            command.addAll(List.of(
                    "-jar",
                    (layout.equals("cds") ? CDS_DIR.resolve("orrery.jar") : JAR).toString(),
                    "--server.port=" + port));
            return command;
        }

        @Override
        public String toString() {
            return String.join(" ", command(0)).replace(" --server.port=0", "").replace(java(), "java");
        }
    }

    /** What one launch measured. */
    private record Sample(
            double readySeconds,
            double cpuSeconds,
            double compilerCpuSeconds,
            double rssAtReadyMb,
            double rssAfterHoldMb) {}

    static void run() throws Exception {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(
                    JAR + " not found: build it first with ./mvnw -o -q -Paot package -DskipTests");
        }
        int runs = Integer.getInteger("orrery.startup.runs", 5);
        Duration hold = Duration.ofSeconds(Long.getLong("orrery.startup.hold-seconds", 10));
        List<Variant> variants = Arrays.stream(System.getProperty("orrery.startup.variants", DEFAULT_VARIANTS)
                        .split(";"))
                .filter(s -> !s.isBlank())
                .map(Variant::parse)
                .toList();
        System.out.println();
        List<Variant> cds =
                variants.stream().filter(v -> v.layout().equals("cds")).toList();
        if (!cds.isEmpty()) {
            extract();
            for (List<String> properties :
                    cds.stream().map(Variant::trainingProperties).distinct().toList()) {
                train(
                        properties,
                        cds.stream()
                                .filter(v -> v.trainingProperties().equals(properties))
                                .findFirst()
                                .orElseThrow()
                                .archive());
            }
        }
        Files.createDirectories(LOGS);
        String loadBefore = loadAverage();
        Map<Variant, List<Sample>> samples = new LinkedHashMap<>();
        for (int round = 1; round <= runs; round++) {
            for (Variant variant : variants) {
                Sample s = launch(
                        variant, hold, LOGS.resolve("variant" + variants.indexOf(variant) + "-run" + round + ".log"));
                samples.computeIfAbsent(variant, v -> new ArrayList<>()).add(s);
                System.out.printf(
                        Locale.ROOT,
                        "  round %d, %s: ready %.2f s, CPU %.2f s (JIT %.2f), RSS %.0f / %.0f" + " MB%n",
                        round,
                        variant,
                        s.readySeconds(),
                        s.cpuSeconds(),
                        s.compilerCpuSeconds(),
                        s.rssAtReadyMb(),
                        s.rssAfterHoldMb());
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%nStart-up of worlds/default.sdf to readiness, %d runs per variant in"
                        + " alternating rounds, median (min-max); load average before %s, after %s%n",
                runs,
                loadBefore,
                loadAverage());
        for (Map.Entry<Variant, List<Sample>> e : samples.entrySet()) {
            List<Sample> s = e.getValue();
            System.out.printf(
                    Locale.ROOT,
                    "%s%n  ready %s s, CPU to ready %s s (JIT compilers %s s), RSS at ready %s"
                            + " MB, after %d s %s MB%n",
                    e.getKey(),
                    spread(s, Sample::readySeconds, "%.2f"),
                    spread(s, Sample::cpuSeconds, "%.2f"),
                    spread(s, Sample::compilerCpuSeconds, "%.2f"),
                    spread(s, Sample::rssAtReadyMb, "%.0f"),
                    hold.toSeconds(),
                    spread(s, Sample::rssAfterHoldMb, "%.0f"));
        }
    }

    /** Spring Boot's class data sharing recipe, as docs/fast-start.md gives it, first step: extract the jar. */
    private static void extract() throws Exception {
        Files.createDirectories(CDS_DIR.getParent());
        exec(
                List.of(
                        java(),
                        "-Djarmode=tools",
                        "-jar",
                        JAR.toString(),
                        "extract",
                        "--application-filename",
                        "orrery.jar",
                        "--force",
                        "--destination",
                        CDS_DIR.toString()),
                CDS_DIR.resolveSibling("extract.log"));
    }

    /**
     * The recipe's training run: refresh the context and exit, writing the classes it loaded to the archive.
     */
    private static void train(List<String> properties, Path archive) throws Exception {
        Files.deleteIfExists(archive);
        List<String> command = new ArrayList<>(List.of(java(), "-XX:ArchiveClassesAtExit=" + archive));
        command.addAll(properties);
        command.addAll(List.of(
                "-Dspring.context.exit=onRefresh",
                "-jar",
                CDS_DIR.resolve("orrery.jar").toString()));
        exec(command, CDS_DIR.resolveSibling(archive.getFileName() + ".training.log"));
        System.out.printf(
                Locale.ROOT,
                "CDS archive %s (trained with %s): %.0f MB%n",
                archive,
                properties.isEmpty() ? "no system properties" : String.join(" ", properties),
                Files.size(archive) / 1e6);
    }

    private static void exec(List<String> command, Path log) throws Exception {
        Process p = quiet(new ProcessBuilder(command))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed, see " + log);
        }
    }

    private static Sample launch(Variant variant, Duration hold, Path log) throws Exception {
        int port = freePort();
        URI readiness = URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness");
        long t0 = System.nanoTime();
        Process p = quiet(new ProcessBuilder(variant.command(port)))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            while (!ready(readiness)) {
                if (!p.isAlive()) {
                    throw new IllegalStateException(variant + " exited with " + p.exitValue() + ", see " + log);
                }
                if (System.nanoTime() - t0 > TimeUnit.MINUTES.toNanos(3)) {
                    throw new IllegalStateException(variant + " not ready after 3 minutes, see " + log);
                }
                Thread.sleep(25);
            }
            double ready = (System.nanoTime() - t0) / 1e9;
            double cpu = cpuSeconds(p.pid());
            double compilers = compilerCpuSeconds(p.pid());
            double rss = rssMb(p.pid());
            Thread.sleep(hold.toMillis());
            return new Sample(ready, cpu, compilers, rss, rssMb(p.pid()));
        } finally {
            p.destroy();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
    }

    private static boolean ready(URI readiness) throws InterruptedException {
        try {
            return HTTP.send(
                                    HttpRequest.newBuilder(readiness)
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (IOException notListeningYet) {
            return false;
        }
    }

    private static double cpuSeconds(long pid) throws IOException {
        return cpuSeconds(Path.of("/proc/" + pid + "/stat"));
    }

    /** CPU time of the HotSpot threads named "C1 CompilerThreadN" and "C2 CompilerThreadN" (15 characters in comm). */
    private static double compilerCpuSeconds(long pid) throws IOException {
        double sum = 0;
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (Files.readString(task.resolve("comm")).matches("C[12] CompilerThre.*\\s*")) {
                        sum += cpuSeconds(task.resolve("stat"));
                    }
                } catch (IOException threadEnded) {
                    // a compiler thread that ended between the listing and the read: its time is gone with it
                }
            }
        }
        return sum;
    }

    /** User plus system CPU time, fields 14 and 15 of a /proc stat file (counted after the name). */
    private static double cpuSeconds(Path statFile) throws IOException {
        String stat = Files.readString(statFile);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / CLOCK_TICKS_PER_SECOND;
    }

    private static double rssMb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
            }
        }
        throw new IllegalStateException("no VmRSS for process " + pid);
    }

    private static String loadAverage() throws IOException {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String spread(
            List<Sample> samples, java.util.function.ToDoubleFunction<Sample> value, String format) {
        double[] values = samples.stream().mapToDouble(value).sorted().toArray();
        return String.format(
                Locale.ROOT,
                format + " (" + format + "-" + format + ")",
                Benchmarks.median(values),
                values[0],
                values[values.length - 1]);
    }

    /** The gz-transport node stays off: its multicast must not leave this machine from a benchmark. */
    private static ProcessBuilder quiet(ProcessBuilder b) {
        b.environment().put("ORRERY_TRANSPORT_ENABLED", "false");
        return b;
    }
}
