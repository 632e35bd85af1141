package io.orrery.world;

import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Saves killed with SIGKILL, for real: Orrery runs in a child JVM on a generated world of many models, a client
 * asks for saves of it back to back over HTTP, and the process is killed at a random (seeded) moment: in even
 * rounds anywhere in a save or just after it, in odd rounds (after the first, which times a save) within 20 ms of
 * the temporary file appearing, while it is written, forced to disk and moved. After each
 * kill the target file must be absent (nothing saved yet), the previous version, or the new one, and always a world
 * that loads; the next start must have deleted the temporary files the kill left. Each round teleports a marker
 * model to x = round number first, so the versions can be told apart. Used by {@code CrashSafeSaveTests} (a few
 * kills, in every build) and by the benchmark runner ({@code crash-saves}: 20 kills, with figures).
 */
public final class CrashingSaves {

    /** The saved file, relative to the worlds directory. */
    static final String TARGET = "saved/world.sdf";

    /** What one run saw. */
    public record Figures(
            int kills,
            int absent,
            int previous,
            int fresh,
            int temporariesLeft,
            int temporariesCleaned,
            int savesAnswered,
            long saveMillis,
            long totalMillis) {

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%d kills: target absent %d, previous version %d, new version %d;"
                            + " %d saves answered before the kills (one save: %d ms); temporary files left by a kill %d,"
                            + " deleted at the next start %d; %.1f s in all, %.1f s per round (JVM start, load, save, kill)",
                    kills,
                    absent,
                    previous,
                    fresh,
                    savesAnswered,
                    saveMillis,
                    temporariesLeft,
                    temporariesCleaned,
                    totalMillis / 1000.0,
                    totalMillis / 1000.0 / Math.max(1, kills));
        }
    }

    private final Path dir;
    private final int models;
    private final long seed;
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * @param dir an empty directory: the worlds directory and the child's logs
     * @param models how many models the generated world holds
     * @param seed the seed of the kill moments
     */
    public CrashingSaves(Path dir, int models, long seed) {
        this.dir = dir;
        this.models = models;
        this.seed = seed;
    }

    /** Runs {@code kills} rounds; throws AssertionError on the first broken promise. */
    public Figures run(int kills) throws Exception {
        Path worlds = Files.createDirectories(dir.resolve("worlds"));
        Files.writeString(worlds.resolve("big.sdf"), world(models));
        Path target = worlds.resolve(TARGET);
        SdfReader reader = new SdfReader(List.of());
        Random random = new Random(seed);
        byte[] previous = null;
        int absent = 0;
        int kept = 0;
        int fresh = 0;
        int left = 0;
        int cleaned = 0;
        int answered = 0;
        long saveNanos = 0; // how long a save takes here, from the first round's
        long start = System.nanoTime();
        for (int round = 1; round <= kills; round++) {
            int leftBefore = temporaries(worlds).size();
            Process child = start(worlds, round);
            try {
                int port = awaitPort(round);
                awaitReady(child, port, round);
                if (!temporaries(worlds).isEmpty()) {
                    throw new AssertionError(
                            "round " + round + ": temporary files were not deleted at start: " + temporaries(worlds));
                }
                cleaned += leftBefore;
                send(
                        port,
                        "PUT",
                        "/api/models/marker/pose",
                        "{\"x\": " + round + ", \"y\": 0, \"z\": 5, \"roll\": 0, \"pitch\": 0, \"yaw\": 0}",
                        200);
                AtomicInteger done = new AtomicInteger();
                Thread saver = new Thread(() -> saveUntilGone(port, done), "crash-saver");
                long firstSave = System.nanoTime();
                saver.start();
                if (saveNanos == 0) {
                    // the first round times one save, then kills during the next ones
                    while (done.get() == 0 && saver.isAlive()) {
                        Thread.sleep(1);
                    }
                    saveNanos = System.nanoTime() - firstSave;
                    firstSave = System.nanoTime();
                }
                if (round % 2 == 0) {
                    // a moment during this round's first save (capturing, writing out the SDF, writing the file,
                    // moving it), or just after it
                    TimeUnit.NANOSECONDS.sleep(
                            firstSave + (long) (random.nextDouble() * 1.3 * saveNanos) - System.nanoTime());
                } else {
                    // a moment while the temporary file is written, forced to disk and moved: the narrow window
                    long until = System.nanoTime() + 3 * saveNanos;
                    while (temporaries(worlds).isEmpty() && System.nanoTime() < until) {
                        Thread.sleep(1);
                    }
                    TimeUnit.MICROSECONDS.sleep(random.nextInt(20_000));
                }
                child.destroyForcibly(); // SIGKILL
                child.waitFor(30, TimeUnit.SECONDS);
                saver.join(30_000);
                answered += done.get();
            } finally {
                child.destroyForcibly();
            }
            left += temporaries(worlds).size();

            if (!Files.exists(target)) {
                if (previous != null) {
                    throw new AssertionError("round " + round + ": the target vanished");
                }
                absent++;
            } else {
                byte[] now = Files.readAllBytes(target);
                WorldSpec world;
                try {
                    world = reader.read(target);
                } catch (RuntimeException e) {
                    throw new AssertionError("round " + round + ": the target does not load: " + e, e);
                }
                if (world.models().size() != models + 1) {
                    throw new AssertionError(
                            "round " + round + ": " + world.models().size() + " models");
                }
                double x = world.models().stream()
                        .filter(m -> m.name().equals("marker"))
                        .findFirst()
                        .orElseThrow()
                        .pose()
                        .position()
                        .x();
                if (previous != null && Arrays.equals(now, previous)) {
                    kept++;
                } else if (Math.abs(x - round) < 1e-9) {
                    fresh++;
                } else {
                    throw new AssertionError("round " + round + ": neither the previous version nor this round's"
                            + " (marker at x = " + x + ")");
                }
                previous = now;
            }
        }
        return new Figures(
                kills,
                absent,
                kept,
                fresh,
                left,
                cleaned,
                answered,
                saveNanos / 1_000_000,
                (System.nanoTime() - start) / 1_000_000);
    }

    /** Saves until the server is gone, counting the answers. */
    private void saveUntilGone(int port, AtomicInteger done) {
        while (true) {
            try {
                HttpResponse<String> r = client.send(
                        HttpRequest.newBuilder(uri(port, "/api/world/save"))
                                .timeout(Duration.ofSeconds(60))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"path\": \"" + TARGET + "\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 201) {
                    throw new AssertionError("save answered " + r.statusCode() + ": " + r.body());
                }
                done.incrementAndGet();
            } catch (IOException gone) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Process start(Path worlds, int round) throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(dir.resolve("port"), Integer.toString(port));
        List<String> command = List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.orrery.OrreryApplication",
                "--server.port=" + port,
                "--orrery.world=" + worlds.resolve("big.sdf"),
                "--orrery.worlds-dir=" + worlds,
                "--orrery.start-paused=true",
                "--orrery.status-log-interval=0s");
        return new ProcessBuilder(command)
                .redirectOutput(dir.resolve("round-" + round + ".log").toFile())
                .redirectErrorStream(true)
                .start();
    }

    private int awaitPort(int round) throws IOException {
        return Integer.parseInt(Files.readString(dir.resolve("port")).strip());
    }

    private void awaitReady(Process child, int port, int round) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!child.isAlive()) {
                throw new AssertionError("round " + round + ": Orrery exited with " + child.exitValue() + "; see "
                        + dir.resolve("round-" + round + ".log"));
            }
            try {
                if (client.send(
                                        HttpRequest.newBuilder(uri(port, "/actuator/health/readiness"))
                                                .GET()
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(50);
        }
        throw new AssertionError("round " + round + ": not ready within 120 s");
    }

    private void send(int port, String method, String path, String json, int expected) throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(uri(port, path))
                        .header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new AssertionError(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
    }

    private static URI uri(int port, String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** The temporary files of saves anywhere in the worlds directory. */
    static List<Path> temporaries(Path worlds) throws IOException {
        try (Stream<Path> all = Files.walk(worlds)) {
            return all.filter(p -> p.getFileName().toString().startsWith(".orrery-save-"))
                    .toList();
        }
    }

    /** A world of {@code n} static boxes on a grid, and a marker box. */
    public static String world(int n) {
        StringBuilder sdf = new StringBuilder(n * 220).append("""
                <?xml version="1.0"?>
                <sdf version="1.9">
                  <world name="big">
                    <model name="marker">
                      <pose>0 0 5 0 0 0</pose>
                      <link name="l"><inertial><mass>1</mass></inertial>
                        <collision name="c"><geometry><box><size>1 1 1</size></box></geometry></collision></link>
                    </model>
                """);
        int side = (int) Math.ceil(Math.sqrt(n));
        for (int i = 0; i < n; i++) {
            sdf.append(String.format(
                    Locale.ROOT,
                    "    <model name=\"box_%d\"><static>true</static><pose>%d %d 0.5 0 0"
                            + " 0</pose><link name=\"l\"><collision name=\"c\"><geometry><box><size>1 1 1</size></box>"
                            + "</geometry></collision></link></model>%n",
                    i,
                    2 * (i % side),
                    2 * (i / side)));
        }
        return sdf.append("  </world>\n</sdf>\n").toString();
    }
}
