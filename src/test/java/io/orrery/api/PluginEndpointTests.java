package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A plugin that opens connections ({@code orrery-lifecycle-bridge} and its {@code <endpoint>}) may come from the
 * world file the operator configured, or connect to a host the operator lists in
 * {@code orrery.allowed-plugin-endpoints}; from a request it may not (a spawned model, a world loaded or reloaded
 * over the API, a world saved and loaded again), or the server would send requests wherever a request told it. A
 * refusal is a 422 naming the plugin, the endpoint and the property, and the running world goes on. The endpoints
 * are a recording HTTP server on this machine: {@code localhost:<port>} is listed, {@code 127.0.0.1:<port>} is not.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class PluginEndpointTests {

    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> RECEIVED = new CopyOnWriteArrayList<>();
    static final HttpServer LISTENER = listener();
    static final int LISTENING = LISTENER.getAddress().getPort();
    static final String LISTED = "http://localhost:" + LISTENING;
    static final String NOT_LISTED = "http://127.0.0.1:" + LISTENING;
    static final Path WORLDS = worlds();

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS::toString);
        registry.add("orrery.world", () -> WORLDS.resolve("operator.sdf").toString());
        registry.add("orrery.allowed-plugin-endpoints", () -> "localhost:" + LISTENING);
    }

    @AfterAll
    static void stopListener() {
        LISTENER.stop(0);
    }

    @BeforeEach
    void loaded() throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!call("GET", "/api/simulation", null, null).body().contains("\"reset\"")) {
            assertThat(System.nanoTime()).as("loaded").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    @Test
    void theOperatorsWorldMayCallAnyHostAndReloadsOfItMayToo() throws Exception {
        assertThat(plugin("operator_bridge").get("state").asText()).isEqualTo("STARTED");
        assertThat(call("POST", "/api/simulation/reset", null, null).statusCode())
                .isEqualTo(200);
        awaitReceived("/operator", "reset");
        HttpResponse<String> reload = call("POST", "/api/simulation/reload", null, null);
        assertThat(reload.statusCode()).as(reload.body()).isEqualTo(200);
        assertThat(plugin("operator_bridge").get("state").asText()).isEqualTo("STARTED");
    }

    @Test
    void aSpawnedModelsPluginMayCallOnlyAListedHost() throws Exception {
        HttpResponse<String> refused = spawn("intruder", NOT_LISTED + "/spawned");
        assertRefused(refused, "intruder::bridge", NOT_LISTED + "/spawned");
        assertThat(call("GET", "/api/models/intruder", null, null).statusCode())
                .as("not spawned")
                .isEqualTo(404);

        HttpResponse<String> listed = spawn("visitor", LISTED + "/listed");
        assertThat(listed.statusCode()).as(listed.body()).isEqualTo(201);
        assertThat(plugin("visitor::bridge").get("state").asText()).isEqualTo("STARTED");
        // a reset takes spawned models away (their plugins end before the reset is told)
        assertThat(call("POST", "/api/simulation/reset", null, null).statusCode())
                .isEqualTo(200);
        assertThat(RECEIVED).as("nothing reached the host that is not listed").noneMatch(r -> r.startsWith("/spawned"));
    }

    @Test
    void aWorldLoadedOrReloadedOverTheApiOrSavedAndLoadedMayCallOnlyAListedHost() throws Exception {
        Files.writeString(WORLDS.resolve("chosen.sdf"), world("chosen", NOT_LISTED + "/chosen"));
        for (String[] request : new String[][] {
            {"/api/world/load", "{\"path\": \"chosen.sdf\"}"}, {"/api/simulation/reload", "{\"path\": \"chosen.sdf\"}"}
        }) {
            assertRefused(call("POST", request[0], request[1], "application/json"), "bridge", NOT_LISTED + "/chosen");
            assertThat(status().get("world").get("name").asText())
                    .as("the running world goes on")
                    .isEqualTo("operator");
        }

        // the operator's world, saved: the copy is a file chosen over the API like any other
        assertThat(call("POST", "/api/world/save", "{\"path\": \"copy.sdf\"}", "application/json")
                        .statusCode())
                .isEqualTo(201);
        assertThat(Files.readString(WORLDS.resolve("copy.sdf"))).contains(NOT_LISTED + "/operator");
        assertRefused(
                call("POST", "/api/world/load", "{\"path\": \"copy.sdf\"}", "application/json"),
                "operator_bridge",
                NOT_LISTED + "/operator");

        Files.writeString(WORLDS.resolve("listed.sdf"), world("listed", LISTED + "/chosen-listed"));
        HttpResponse<String> allowed =
                call("POST", "/api/world/load", "{\"path\": \"listed.sdf\"}", "application/json");
        assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(200);
        awaitReceived("/chosen-listed", "started");
        assertThat(call("POST", "/api/world/load", "{\"path\": \"operator.sdf\"}", "application/json")
                        .statusCode())
                .as("back to the operator's world, which may call any host")
                .isEqualTo(200);
        assertThat(RECEIVED).noneMatch(r -> r.startsWith("/chosen "));
    }

    private void assertRefused(HttpResponse<String> r, String plugin, String endpoint) throws IOException {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(r.body());
        assertThat(problem.get("plugin").asText()).isEqualTo(plugin);
        assertThat(problem.get("endpoint").asText()).isEqualTo(endpoint);
        assertThat(problem.get("property").asText()).isEqualTo("orrery.allowed-plugin-endpoints");
        assertThat(problem.get("detail").asText())
                .contains(plugin)
                .contains(endpoint)
                .contains("orrery.allowed-plugin-endpoints");
    }

    private HttpResponse<String> spawn(String name, String endpoint) throws Exception {
        return call(
                "POST",
                "/api/models",
                "<sdf version='1.9'><model name='" + name + "'><pose>0 0 2 0 0 0</pose>"
                        + "<link name='l'><inertial><mass>1</mass></inertial><collision name='c'><geometry><sphere>"
                        + "<radius>0.1</radius></sphere></geometry></collision></link>"
                        + "<plugin name='bridge' filename='orrery-lifecycle-bridge'><endpoint>" + endpoint
                        + "</endpoint><retries>0</retries></plugin></model></sdf>",
                "application/xml");
    }

    private JsonNode plugin(String name) throws Exception {
        for (JsonNode p : JSON.readTree(call("GET", "/api/plugins", null, null).body())) {
            if (p.get("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no plugin " + name);
    }

    private JsonNode status() throws Exception {
        return JSON.readTree(call("GET", "/api/simulation", null, null).body());
    }

    private static void awaitReceived(String path, String event) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (RECEIVED.stream().noneMatch(r -> r.startsWith(path + " ") && r.contains("\"" + event + "\""))) {
            assertThat(System.nanoTime())
                    .as("%s received %s; got %s", path, event, RECEIVED)
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private HttpResponse<String> call(String method, String path, String body, String type) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(60))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            b.header("Content-Type", type);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A world with a ground and a lifecycle bridge to {@code endpoint}. */
    static String world(String name, String endpoint) {
        return "<?xml version='1.0'?><sdf version='1.9'><world name='" + name + "'><physics name='1ms' type='x'>"
                + "<max_step_size>0.001</max_step_size></physics>"
                + "<plugin name='" + (name.equals("operator") ? "operator_bridge" : "bridge")
                + "' filename='orrery-lifecycle-bridge'><endpoint>" + endpoint + "</endpoint><retries>0</retries>"
                + "</plugin><model name='ground'><static>true</static><link name='plane'><collision name='c'>"
                + "<geometry><plane><normal>0 0 1</normal></plane></geometry></collision></link></model>"
                + "</world></sdf>";
    }

    private static Path worlds() {
        try {
            Path dir = Files.createTempDirectory("orrery-plugin-endpoints").toRealPath();
            dir.toFile().deleteOnExit();
            Files.writeString(dir.resolve("operator.sdf"), world("operator", NOT_LISTED + "/operator"));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An HTTP server on the loopback that records each request as its path and body. */
    private static HttpServer listener() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                RECEIVED.add(exchange.getRequestURI().getPath() + " "
                        + new String(exchange.getRequestBody().readAllBytes()));
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
