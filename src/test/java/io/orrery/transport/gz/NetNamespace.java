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
 * A network namespace of the test's own, so that gz-transport's multicast never leaves this machine: a holder
 * process ({@code unshare -n}, which lives at most {@value #LIFETIME_SECONDS} s, so a killed test JVM leaves nothing
 * for long) keeps it alive; loopback is brought up with a multicast route on it; every process of the test (the
 * Orrery server, Gazebo's tools) is started in it through {@code nsenter}. Nothing touches the host's interfaces.
 * Needs root, {@code unshare} and {@code nsenter} (util-linux) and {@code ip} (iproute2); their absence is a failure
 * naming the package.
 */
public final class NetNamespace implements AutoCloseable {

    static final long LIFETIME_SECONDS = 1800;

    private final Process holder;
    private final List<Process> started = new ArrayList<>();

    private NetNamespace(Process holder) {
        this.holder = holder;
    }

    public static NetNamespace create() throws IOException, InterruptedException {
        require("/usr/bin/unshare", "util-linux");
        require("/usr/bin/nsenter", "util-linux");
        require("/usr/sbin/ip", "iproute2");
        Process holder = new ProcessBuilder(
                        "/usr/bin/unshare", "-n", "--", "/usr/bin/sleep", String.valueOf(LIFETIME_SECONDS))
                .redirectErrorStream(true)
                .start();
        NetNamespace ns = new NetNamespace(holder);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            // unshare execs sleep once the namespace exists: wait until the holder's namespace differs from ours
            while (Files.readSymbolicLink(ns.netns()).equals(Files.readSymbolicLink(Path.of("/proc/self/ns/net")))) {
                if (!holder.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("unshare -n did not create a network namespace (run the tests as root):"
                            + " " + new String(holder.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                }
                Thread.sleep(10);
            }
            ns.check(List.of("/usr/sbin/ip", "link", "set", "lo", "up"));
            ns.check(List.of("/usr/sbin/ip", "route", "add", "224.0.0.0/4", "dev", "lo"));
            return ns;
        } catch (IOException | RuntimeException | Error | InterruptedException e) {
            ns.close();
            throw e;
        }
    }

    static void require(String file, String debianPackage) {
        if (!Files.isExecutable(Path.of(file))) {
            throw new AssertionError(file + " is missing: install Debian's " + debianPackage + " (apt-get install -y "
                    + debianPackage + ")");
        }
    }

    private Path netns() {
        return Path.of("/proc/" + holder.pid() + "/ns/net");
    }

    /**
     * Adds an interface beside loopback, as a machine's network card: one end of a veth pair, up, with
     * {@code address/24}; its other end stays in the namespace too, so nothing leaves it.
     */
    public void addInterface(String name, String address) throws IOException, InterruptedException {
        check(List.of("/usr/sbin/ip", "link", "add", name, "type", "veth", "peer", "name", name + "-peer"));
        check(List.of("/usr/sbin/ip", "addr", "add", address + "/24", "dev", name));
        check(List.of("/usr/sbin/ip", "link", "set", name, "up"));
        check(List.of("/usr/sbin/ip", "link", "set", name + "-peer", "up"));
    }

    /** Starts {@code command} in the namespace with {@code env} added, output to {@code log}. */
    public Process start(List<String> command, Map<String, String> env, Path log) throws IOException {
        List<String> full = new ArrayList<>(List.of("/usr/bin/nsenter", "--net=" + netns(), "--"));
        full.addAll(command);
        ProcessBuilder b = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().putAll(env);
        Process p = b.start();
        synchronized (started) {
            started.add(p);
        }
        return p;
    }

    /** Starts {@code command} in the namespace with {@code env} added, its output read through a pipe. */
    public Process startPiped(List<String> command, Map<String, String> env) throws IOException {
        List<String> full = new ArrayList<>(List.of("/usr/bin/nsenter", "--net=" + netns(), "--"));
        full.addAll(command);
        ProcessBuilder b = new ProcessBuilder(full).redirectErrorStream(true);
        b.environment().putAll(env);
        Process p = b.start();
        synchronized (started) {
            started.add(p);
        }
        return p;
    }

    /**
     * Runs {@code command} in the namespace and returns its output once it exits, or what it printed until it was
     * killed after {@code timeoutSeconds}.
     */
    public Result run(List<String> command, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("orrery-gz-tool", ".log");
        try {
            Process p = start(command, env, log);
            boolean exited = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!exited) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            return new Result(exited ? p.exitValue() : -1, Files.readString(log, StandardCharsets.UTF_8), !exited);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private void check(List<String> command) throws IOException, InterruptedException {
        Result r = run(command, Map.of(), 10);
        if (r.exit() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed in the namespace: " + r.output());
        }
    }

    /** Stops every process started in the namespace, then its holder: the namespace goes with them. */
    @Override
    public void close() {
        List<Process> all;
        synchronized (started) {
            all = List.copyOf(started);
        }
        for (Process p : all) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        for (Process p : all) {
            try {
                if (!p.waitFor(15, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        holder.destroyForcibly();
    }

    /**
     * What a command did.
     *
     * @param exit its exit code, -1 when it was killed at the timeout
     * @param output stdout and stderr
     * @param timedOut true when it was killed
     */
    public record Result(int exit, String output, boolean timedOut) {}
}
