package io.orrery.transport.record.mcap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Foxglove's reference MCAP readers, run by Node.js: the project in {@code src/test/node/mcap} (package.json and its
 * lock committed) is copied to {@code target/node/mcap} and installed there once with {@code npm ci}, from npm's
 * cache when it has the packages (so after the first install no network is needed); again only when the lock
 * changes. The recorder's tests use it too. Needs {@code node} (18 or newer) and {@code npm} on the PATH; without them the test fails saying what to
 * install.
 */
public final class NodeMcapCheck {

    static final Path PROJECT = Path.of("src/test/node/mcap");
    static final Path INSTALLED = Path.of("target/node/mcap");
    private static final List<String> FILES = List.of("package.json", "package-lock.json", "check.mjs");
    private static boolean ready;

    private NodeMcapCheck() {}

    /** {@code node check.mjs MODE FILE ARGS}'s JSON; fails with the script's error output if it exits non-zero. */
    public static JsonNode check(String mode, Path file, String... args) throws IOException, InterruptedException {
        install();
        List<String> command = new ArrayList<>(
                List.of(tool("node"), "check.mjs", mode, file.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        String out = run(INSTALLED, command);
        return new ObjectMapper().readTree(out);
    }

    private static synchronized void install() throws IOException, InterruptedException {
        if (ready) {
            return;
        }
        Files.createDirectories(INSTALLED);
        for (String f : FILES) {
            Files.copy(PROJECT.resolve(f), INSTALLED.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        Path stamp = INSTALLED.resolve("node_modules/.orrery-installed-lock");
        byte[] lock = Files.readAllBytes(PROJECT.resolve("package-lock.json"));
        if (!Files.exists(stamp) || !java.util.Arrays.equals(Files.readAllBytes(stamp), lock)) {
            // --ignore-scripts: nothing the packages ship runs at install; --prefer-offline: the cache first
            run(
                    INSTALLED,
                    List.of(
                            tool("npm"),
                            "ci",
                            "--ignore-scripts",
                            "--prefer-offline",
                            "--no-audit",
                            "--no-fund",
                            "--loglevel=error"));
            Files.write(stamp, lock);
        }
        ready = true;
    }

    private static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("orrery-node", ".err");
        try {
            Process p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectError(err.toFile())
                    .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            // a guard against a hung process, not a measure: npm ci from the cache takes seconds
            assertThat(p.waitFor(300, TimeUnit.SECONDS))
                    .as("%s finished", command)
                    .isTrue();
            assertThat(p.exitValue())
                    .as("%s in %s exited with; its errors:%n%s", command, dir, Files.readString(err))
                    .isZero();
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static String tool(String name) {
        List<String> tried = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            tried.add(dir);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError("no " + name + " on the PATH (" + String.join(File.pathSeparator, tried)
                + "): the MCAP files are checked with Foxglove's reference readers, which need Node.js 18 or newer"
                + " and npm. On Debian or Ubuntu: apt-get install nodejs npm (./test.sh installs them).");
    }
}
