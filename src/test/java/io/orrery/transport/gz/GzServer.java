package io.orrery.transport.gz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An Orrery server in its own JVM inside a {@link NetNamespace}, on a copy of Gazebo's diff_drive.sdf, with the
 * gz-transport node on in partition {@code partition}, on 127.0.0.1, naming types as {@code ignition.msgs.*} (the tools
 * here are ign-transport 11's). Its log is kept for the refusals it prints and for the service requests the node took
 * (logged at debug), which tell a request lost inside a tool from one lost in Orrery.
 */
public final class GzServer {

    static final String WORLD = "diff_drive";
    /** The first start of a JVM on a loaded 2-core machine took up to a minute here: a generous bound. */
    static final long START_SECONDS = 240;

    private final Process process;
    private final Path log;

    private GzServer(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static GzServer start(NetNamespace ns, Path dir, String partition, List<String> extraArgs)
            throws IOException, InterruptedException {
        return start(ns, dir, partition, extraArgs, true);
    }

    /** A server with the node on or off ({@code transport}), its log in {@code dir}. */
    public static GzServer start(NetNamespace ns, Path dir, String partition, List<String> extraArgs, boolean transport)
            throws IOException, InterruptedException {
        return start(ns, dir, partition, extraArgs, transport, env(partition));
    }

    /** A server with the node on or off, started with {@code env} (gz-transport's variables) added. */
    static GzServer start(
            NetNamespace ns,
            Path dir,
            String partition,
            List<String> extraArgs,
            boolean transport,
            Map<String, String> env)
            throws IOException, InterruptedException {
        Path world = dir.resolve("diff_drive.sdf");
        if (!Files.exists(world)) {
            try (var in = GzServer.class.getResourceAsStream("diff_drive.sdf")) {
                if (in == null) {
                    throw new AssertionError("diff_drive.sdf is missing from the test resources");
                }
                Files.copy(in, world);
            }
        }
        Path log = dir.resolve("orrery-" + partition + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.orrery.OrreryApplication",
                "--server.port=0",
                "--orrery.world=" + world,
                "--orrery.worlds-dir=" + dir,
                "--orrery.transport.enabled=" + transport,
                "--orrery.transport.message-types=ignition",
                "--orrery.status-log-interval=0s",
                "--logging.level.io.orrery.transport=info",
                "--logging.level.io.orrery.transport.gz.GzNode=debug",
                "--logging.level.io.orrery.transport.gz.DataPlane=debug"));
        command.addAll(extraArgs);
        Process p = ns.start(command, env, log);
        GzServer server = new GzServer(p, log);
        if (transport) {
            server.awaitLog("gz-transport node in partition", START_SECONDS);
        }
        server.awaitLog("World '" + WORLD + "' loaded", START_SECONDS);
        return server;
    }

    /** The environment a process of partition {@code partition} runs with: 127.0.0.1, both generations' names. */
    public static Map<String, String> env(String partition) {
        return Map.of(
                "GZ_IP", "127.0.0.1", "IGN_IP", "127.0.0.1", "GZ_PARTITION", partition, "IGN_PARTITION", partition);
    }

    /** Waits until the log holds {@code text}; fails naming it with the log's tail when the server exits first. */
    void awaitLog(String text, long seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!log().contains(text)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String l = log();
                throw new AssertionError("the server " + (process.isAlive() ? "did not log" : "exited before logging")
                        + " '" + text + "' within " + seconds + " s; its log ends:\n"
                        + l.substring(Math.max(0, l.length() - 4000)));
            }
            Thread.sleep(100);
        }
    }

    /** The HTTP port Tomcat took (the server starts on port 0). */
    int port() throws IOException {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("Tomcat started on port (\\d+)").matcher(log());
        if (!m.find()) {
            throw new AssertionError("the server's log names no HTTP port");
        }
        return Integer.parseInt(m.group(1));
    }

    /** {@code GET path} on the server, from inside the namespace. */
    public String get(NetNamespace ns, String path) throws IOException, InterruptedException {
        NetNamespace.Result r = ns.run(
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                        HttpGet.class.getName(),
                        "http://127.0.0.1:" + port() + path),
                Map.of(),
                60);
        if (r.exit() != 0) {
            throw new AssertionError("GET " + path + " failed: " + r.output());
        }
        return r.output();
    }

    String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    /** The requests on {@code service} ({@code /world/diff_drive/control}) the node has taken or turned away. */
    long requests(String service) throws IOException {
        return log().lines()
                .filter(l -> l.contains("gz-transport ") && l.contains(service + ": request "))
                .count();
    }

    /** The last few thousand characters of the log, for a failure's message. */
    String logTail() throws IOException {
        String l = log();
        return l.substring(Math.max(0, l.length() - 6000));
    }

    /** The server's process id (nsenter runs java in its place). */
    public long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Stops the server (SIGTERM, then SIGKILL after 30 s). */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
