package io.orrery.node;

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
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Node.js project in {@code src/test/node/NAME} (package.json and its lock committed) with one {@code check.mjs}
 * script: copied to {@code target/node/NAME} and installed there once with {@code npm ci}, from npm's cache when it
 * has the packages (so after the first install no network is needed); again only when the lock changes. Needs
 * {@code node} (18 or newer) and {@code npm} on the PATH; without them the test fails saying what to install.
 */
public final class NodeProject {

    private static final String SCRIPT = "check.mjs";
    private static final List<String> FILES = List.of("package.json", "package-lock.json", SCRIPT);

    private final Path project;
    private final Path installed;
    private final String purpose;
    private boolean ready;

    /**
     * The project {@code src/test/node/NAME}; {@code purpose} ends the missing-tool message ("...: PURPOSE, which
     * needs Node.js 18 or newer and npm").
     */
    public NodeProject(String name, String purpose) {
        this.project = Path.of("src/test/node", name);
        this.installed = Path.of("target/node", name);
        this.purpose = purpose;
    }

    /** {@code node check.mjs ARGS}'s JSON; fails with the script's error output if it exits non-zero. */
    public JsonNode check(List<String> args) throws IOException, InterruptedException {
        install();
        List<String> command = new ArrayList<>(List.of(tool("node"), SCRIPT));
        command.addAll(args);
        return new ObjectMapper().readTree(run(installed, command));
    }

    private synchronized void install() throws IOException, InterruptedException {
        if (ready) {
            return;
        }
        Files.createDirectories(installed);
        for (String f : FILES) {
            Files.copy(project.resolve(f), installed.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        Path stamp = installed.resolve("node_modules/.orrery-installed-lock");
        byte[] lock = Files.readAllBytes(project.resolve("package-lock.json"));
        if (!Files.exists(stamp) || !Arrays.equals(Files.readAllBytes(stamp), lock)) {
            // --ignore-scripts: nothing the packages ship runs at install; --prefer-offline: the cache first
            run(
                    installed,
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

    private String tool(String name) {
        List<String> tried = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            tried.add(dir);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError("no " + name + " on the PATH (" + String.join(File.pathSeparator, tried) + "): "
                + purpose + ", which needs Node.js 18 or newer and npm. On Debian or Ubuntu: apt-get install nodejs"
                + " npm (./test.sh installs them).");
    }
}
