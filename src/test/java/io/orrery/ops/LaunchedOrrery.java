package io.orrery.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Orrery's executable jar ({@code target/orrery-exec.jar}, made by package) started as a user starts it, in a JVM
 * of its own with a user's jar on {@code loader.path}, on a free port; its output goes to
 * {@code target/user-jars/<name>.log}. Closing it stops the process.
 */
final class LaunchedOrrery implements AutoCloseable {

    static final Path EXECUTABLE = Path.of("target/orrery-exec.jar");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path log;
    private final int port;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private LaunchedOrrery(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts the jar with {@code loaderPath} and {@code arguments}, on the launch tests' world, started paused. */
    static LaunchedOrrery start(String name, Path loaderPath, String... arguments) throws IOException {
        if (!Files.isRegularFile(EXECUTABLE)) {
            throw new IllegalStateException(EXECUTABLE + " is missing: these tests run in ./mvnw verify after package"
                    + " (or run ./mvnw package -DskipTests first)");
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path log = Path.of("target/user-jars", name + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-Dloader.path=" + loaderPath,
                "-jar",
                EXECUTABLE.toString(),
                "--server.port=" + port,
                "--orrery.world=src/test/user-jars/world.sdf",
                "--orrery.start-paused=true",
                "--orrery.status-log-interval=0s"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        LaunchedOrrery orrery = new LaunchedOrrery(process, log, port);
        try {
            orrery.awaitPaused();
        } catch (RuntimeException | Error e) {
            orrery.close();
            throw e;
        }
        return orrery;
    }

    /** The answer to {@code method path} with a JSON body, which must be a success. */
    JsonNode call(String method, String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new AssertionError(
                    method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    /** The process's output so far. */
    String output() throws IOException {
        return Files.readString(log);
    }

    private void awaitPaused() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180); // a start on a loaded machine is slow
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("Orrery exited with " + process.exitValue() + ":\n" + tail());
            }
            try {
                if (call("GET", "/api/simulation").get("paused").asBoolean()) {
                    return;
                }
            } catch (ConnectException | java.net.http.HttpConnectTimeoutException notYet) {
                // not listening yet
            } catch (IOException | InterruptedException e) {
                throw new AssertionError(e);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("Orrery did not start paused within 180 s:\n" + tail());
    }

    private String tail() {
        try {
            String all = output();
            return all.substring(Math.max(0, all.length() - 4000));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
