package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.runner.SimulationRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The API tests' server: the real application on a random port, started paused and as fast as possible, with
 * {@code api_world.sdf} copied into a fresh worlds directory. Subclasses share one application context.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
@Import(ApiTestSupport.EchoPluginConfiguration.class)
abstract class ApiTestSupport {

    static final String WORLD = "api_world.sdf";
    static final Path WORLDS_DIR = createWorldsDir();

    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    @Autowired
    SimulationRunner runner;

    final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();

    /** Leaves the shared server paused: a world left running as fast as possible would hold a core. */
    @org.junit.jupiter.api.AfterEach
    void leavePaused() {
        try {
            runner.control().pause().get(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception refused) {
            // already paused (or ended), which is as good
        }
    }

    @DynamicPropertySource
    static void worlds(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS_DIR::toString);
        registry.add("orrery.world", () -> WORLDS_DIR.resolve(WORLD).toString());
    }

    private static Path createWorldsDir() {
        try {
            Path dir = Files.createTempDirectory("orrery-api-worlds");
            dir.toFile().deleteOnExit();
            copyWorld(dir, WORLD);
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void copyWorld(Path dir, String name) throws IOException {
        try (InputStream in = ApiTestSupport.class.getResourceAsStream("/worlds/" + name)) {
            Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    Response post(String path) {
        return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()));
    }

    Response postJson(String path, String json) {
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    Response putJson(String path, String json) {
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Response delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).DELETE());
    }

    Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r =
                    client.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            return new Response(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An answer: status, headers and body, the body as JSON on demand. */
    record Response(HttpResponse<String> raw) {
        int status() {
            return raw.statusCode();
        }

        String body() {
            return raw.body();
        }

        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        JsonNode json() {
            try {
                return JSON.readTree(raw.body());
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + raw.body(), e);
            }
        }

        @Override
        public String toString() {
            return raw.statusCode() + " " + raw.body();
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class EchoPluginConfiguration {
        @Bean
        @Scope("prototype")
        EchoPlugin echoPlugin() {
            return new EchoPlugin();
        }
    }
}
