package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.system.GazeboSystemRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** HTTP calls and worlds for the control tests: Gazebo's diff_drive.sdf copied into a fresh worlds directory. */
final class ControlServer {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    private ControlServer() {}

    /** A worlds directory holding a copy of Gazebo's diff_drive.sdf (fails when worlds/gazebo is missing). */
    static Path diffDriveWorld() {
        try {
            Path dir = Files.createTempDirectory("orrery-control").toRealPath();
            dir.toFile().deleteOnExit();
            Path world = Files.copy(GazeboSystemRunner.gzWorld("diff_drive.sdf"), dir.resolve("diff_drive.sdf"));
            world.toFile().deleteOnExit();
            return world;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static HttpResponse<String> get(int port, String path) {
        return send(HttpRequest.newBuilder(uri(port, path)).GET());
    }

    static HttpResponse<String> post(int port, String path, String body) {
        return send(HttpRequest.newBuilder(uri(port, path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    static JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static URI uri(int port, String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
