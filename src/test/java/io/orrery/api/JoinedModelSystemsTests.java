package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Scope;

/**
 * A model's systems are bound before the first step it takes part in, whichever way it joined the world: loaded,
 * spawned, restored by a reset, reloaded. The arm's JointPositionController starts behind a plugin whose start takes
 * {@value #SLOW_START_MILLIS} ms on the one start thread ({@code orrery.plugin-start-threads=1}); each path's
 * episode (a position command with the first step, then one step at a time) must repeat the loaded arm's bit for bit,
 * and a position command published over HTTP right after a spawn must find the controller (202, not 404). Black-box:
 * real servers, HTTP, the control WebSocket.
 */
class JoinedModelSystemsTests {

    static final long SLOW_START_MILLIS = 1500;
    static final int STEPS = 200;
    static final String COMMAND = "/arm/cmd_pos";

    @TempDir
    static Path dir;

    static Path armWorld;
    static Path emptyWorld;
    static String armSnippet;

    @BeforeAll
    static void worlds() throws Exception {
        armWorld = Files.copy(Path.of("src/test/resources/worlds/joined_arm.sdf"), dir.resolve("joined_arm.sdf"));
        emptyWorld = Files.copy(Path.of("src/test/resources/worlds/joined_empty.sdf"), dir.resolve("joined_empty.sdf"));
        String text = Files.readString(armWorld);
        armSnippet = text.substring(text.indexOf("<model name=\"arm\">"), text.indexOf("</model>") + 8);
    }

    @Test
    void spawnedRestoredAndReloadedArmsStepAsTheLoadedOneFromTheirFirstStep() throws Exception {
        // Every path is tried whatever the others gave, so a failure names all the paths that fail.
        Map<String, String> episodes = new LinkedHashMap<>();
        String loaded;
        try (LockstepServer server = start(armWorld)) {
            loaded = episode(server, false);

            assertThat(send(
                                    server,
                                    HttpRequest.newBuilder(uri(server, "/api/models/arm"))
                                            .DELETE())
                            .statusCode())
                    .isEqualTo(204);
            episodes.put("restored by a reset", attempt(() -> episode(server, true)));

            episodes.put("reloaded", attempt(() -> {
                HttpResponse<String> reload = server.post("/api/simulation/reload", "{}");
                assertThat(reload.statusCode()).as(reload.body()).isEqualTo(200);
                return episode(server, false);
            }));
        }
        try (LockstepServer server = start(emptyWorld)) {
            episodes.put("spawned", attempt(() -> {
                HttpResponse<String> spawn = send(
                        server,
                        HttpRequest.newBuilder(uri(server, "/api/models"))
                                .header("Content-Type", "application/xml")
                                .POST(HttpRequest.BodyPublishers.ofString(armSnippet)));
                assertThat(spawn.statusCode()).as(spawn.body()).isEqualTo(201);
                HttpResponse<String> command = server.post("/api/topics" + COMMAND, "{\"data\": 1.0}");
                assertThat(command.statusCode())
                        .as("a position command right after the spawn: %s", command.body())
                        .isEqualTo(202);
                return episode(server, false);
            }));
        }

        assertThat(episodes)
                .as("episodes of the arm, against the loaded arm's %s", loaded)
                .isEqualTo(Map.of("restored by a reset", loaded, "reloaded", loaded, "spawned", loaded));
    }

    /** The path's episode hash, or why it failed. */
    private static String attempt(Callable<String> path) {
        try {
            return path.call();
        } catch (AssertionError | Exception e) {
            return "failed: " + e.getMessage().strip().replaceAll("\\s+", " ");
        }
    }

    private static LockstepServer start(Path world) throws InterruptedException {
        return LockstepServer.start(List.of(SlowStartConfiguration.class), world, "--orrery.plugin-start-threads=1");
    }

    /**
     * Holds the simulation, resets it first when asked, and steps {@value #STEPS} times, the first with a position
     * command of 1 rad; the hash of every answer (ids left out) and the joint's final position, which must have moved.
     */
    private static String episode(LockstepServer server, boolean reset) throws Exception {
        try (ControlClient c = server.connect()) {
            c.call(c.request("acquire"));
            if (reset) {
                LockstepServer.reset(c);
            }
            MessageDigest hash = MessageDigest.getInstance("SHA-256");
            JsonNode answer = null;
            for (int k = 0; k < STEPS; k++) {
                ObjectNode step = c.request("step");
                if (k == 0) {
                    step.putObject("publish").putObject(COMMAND).put("data", 1.0);
                }
                step.putArray("models").add("arm");
                answer = c.call(step);
                assertThat(answer.get("op").asText())
                        .as("step %d: %s", k + 1, answer)
                        .isEqualTo("stepped");
                ((ObjectNode) answer).remove("id");
                hash.update(answer.toString().getBytes(StandardCharsets.UTF_8));
            }
            double position = Double.NaN;
            for (JsonNode joint : answer.at("/models/0/joints")) {
                if (joint.get("name").asText().equals("j1")) {
                    position = joint.get("position").asDouble();
                }
            }
            assertThat(position).as("the rotor's position after the episode").isGreaterThan(0.01);
            c.call(c.request("release"));
            return HexFormat.of().formatHex(hash.digest()).substring(0, 16);
        }
    }

    private static URI uri(LockstepServer server, String path) {
        return URI.create("http://localhost:" + server.port() + path);
    }

    private static HttpResponse<String> send(LockstepServer server, HttpRequest.Builder request) throws Exception {
        return ControlServer.HTTP.send(
                request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A plugin whose start takes {@value #SLOW_START_MILLIS} ms, as one that connects to a slow service does. */
    @OrreryPlugin(filename = "orrery-test-slow-start")
    static final class SlowStartPlugin implements Plugin {

        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) throws InterruptedException {
            Thread.sleep(SLOW_START_MILLIS);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SlowStartConfiguration {

        @Bean
        @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
        SlowStartPlugin slowStartPlugin() {
            return new SlowStartPlugin();
        }
    }
}
