package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The actuator over real HTTP, on the runner_drop world run in real time. Spring Boot tests switch metrics
 * export off unless asked: {@code @AutoConfigureObservability} turns the Prometheus registry back on.
 */
@AutoConfigureObservability(tracing = false)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.world=src/test/resources/worlds/runner_drop.sdf", "orrery.real-time-factor=1"})
@DirtiesContext
class ActuatorEndpointsTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    @BeforeEach
    void worldIsReady() throws Exception {
        await(
                () -> http.getForEntity("/actuator/health/readiness", String.class)
                                .getStatusCode()
                        == HttpStatus.OK,
                "readiness 200");
    }

    @Test
    void exactlyHealthInfoPrometheusAndSimulationAreExposed() throws Exception {
        JsonNode links = get("/actuator").get("_links");
        List<String> names = new ArrayList<>();
        links.fieldNames().forEachRemaining(names::add);
        // health-path is /actuator/health/{*path}, the health groups and components.
        assertThat(names)
                .containsExactlyInAnyOrder("self", "health", "health-path", "info", "prometheus", "simulation");
        assertThat(http.getForEntity("/actuator/env", String.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(http.getForEntity("/actuator/beans", String.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void healthShowsTheSimulationAndPluginsComponentsAndTheProbesAnswer() throws Exception {
        ResponseEntity<String> response = http.getForEntity("/actuator/health", String.class);
        assertThat(response.getStatusCode()).as(response.getBody()).isEqualTo(HttpStatus.OK);
        JsonNode health = JSON.readTree(response.getBody());
        assertThat(health.get("status").asText()).isEqualTo("UP");
        JsonNode simulation = health.get("components").get("simulation");
        assertThat(simulation.get("status").asText()).isEqualTo("UP");
        assertThat(simulation.get("details").get("world").asText()).isEqualTo("runner_drop");
        assertThat(simulation.get("details").get("state").asText()).startsWith("STEP_");
        assertThat(simulation.get("details").get("simTime").asDouble()).isPositive();
        assertThat(simulation.get("details").has("outcome")).isFalse();
        JsonNode plugins = health.get("components").get("plugins");
        assertThat(plugins.get("status").asText()).isEqualTo("UP");
        assertThat(plugins.get("details").get("started").asText()).isEqualTo("0/0");

        assertThat(get("/actuator/health/liveness").get("status").asText()).isEqualTo("UP");
        JsonNode readiness = get("/actuator/health/readiness");
        assertThat(readiness.get("status").asText()).isEqualTo("UP");
        assertThat(readiness.get("components").has("plugins"))
                .as("%s", readiness)
                .isTrue();
        assertThat(readiness.get("components").has("readinessState"))
                .as("%s", readiness)
                .isTrue();
    }

    @Test
    void theSimulationEndpointReadsPausesAndResumes() throws Exception {
        JsonNode running = get("/actuator/simulation");
        assertThat(running.get("paused").asBoolean()).isFalse();
        assertThat(running.get("world").asText()).isEqualTo("runner_drop");
        assertThat(running.get("realTimeFactor").asDouble()).isEqualTo(1.0);
        assertThat(running.get("iterations").asLong()).isPositive();
        assertThat(running.get("plugins").get("allStarted").asBoolean()).isTrue();

        ResponseEntity<String> paused = post("/actuator/simulation", Map.of("action", "pause"));
        assertThat(paused.getStatusCode()).as(paused.getBody()).isEqualTo(HttpStatus.OK);
        JsonNode pausedBody = JSON.readTree(paused.getBody());
        assertThat(pausedBody.get("paused").asBoolean()).isTrue();
        assertThat(pausedBody.get("state").asText()).isEqualTo("PAUSE");
        double simTime = pausedBody.get("simTime").asDouble();

        // The runner answers commands between loop turns: once it has refused this one, it has turned since.
        ResponseEntity<String> again = post("/actuator/simulation", Map.of("action", "pause"));
        assertThat(again.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        JsonNode refused = JSON.readTree(again.getBody());
        assertThat(refused.get("detail").asText())
                .contains("cannot pause in state PAUSE")
                .contains("resume");
        assertThat(refused.get("state").asText()).isEqualTo("PAUSE");
        JsonNode stillPaused = get("/actuator/simulation");
        assertThat(stillPaused.get("state").asText()).isEqualTo("PAUSE");
        assertThat(stillPaused.get("simTime").asDouble())
                .as("no sim time passes while paused")
                .isEqualTo(simTime);

        ResponseEntity<String> unknown = post("/actuator/simulation", Map.of("action", "fly"));
        assertThat(unknown.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(unknown.getBody()).contains("unknown action 'fly'").contains("pause, resume, reset");

        ResponseEntity<String> resumed = post("/actuator/simulation", Map.of("action", "resume"));
        assertThat(resumed.getStatusCode()).as(resumed.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(JSON.readTree(resumed.getBody()).get("paused").asBoolean()).isFalse();
        await(
                () -> getUnchecked("/actuator/simulation").get("simTime").asDouble() > simTime,
                "sim time advances after resume");
    }

    @Test
    void prometheusHasTheSimulationMeters() throws Exception {
        await(() -> prometheus().contains("orrery_bodies 2.0"), "orrery_bodies 2.0 (ground and box)");
        String scrape = prometheus();
        assertThat(scrape)
                .containsPattern("orrery_step_duration_seconds_count\\{[^}]*phase=\"step_simulator\"[^}]*} " + "[1-9]");
        assertThat(scrape).containsPattern("orrery_step_duration_seconds_sum\\{[^}]*phase=\"step_controller\"");
        assertThat(scrape).contains("phase=\"step_begin\"").contains("phase=\"step_end\"");
        assertThat(scrape).containsPattern("(?m)^orrery_steps_total [1-9]");
        assertThat(scrape)
                .contains("# TYPE orrery_steps_dropped_total counter")
                .containsPattern("(?m)^orrery_steps_dropped_total [0-9.]+$");
        assertThat(scrape).containsPattern("(?m)^orrery_sim_time_seconds [0-9.]+");
        assertThat(scrape).contains("orrery_rtf_target 1.0");
        assertThat(scrape).containsPattern("(?m)^orrery_rtf_achieved [0-9.]+");
        assertThat(scrape).contains("orrery_plugins_tracked 0.0").contains("orrery_plugins_started 0.0");
    }

    @Test
    void infoHasTheBuildTheCommitWhenBuiltFromGitAndTheWorld() throws Exception {
        JsonNode info = get("/actuator/info");
        assertThat(info.get("build").get("artifact").asText()).isEqualTo("orrery");
        assertThat(info.get("build").get("version").asText()).isNotBlank();
        if (getClass().getResource("/git.properties") != null) {
            assertThat(info.get("git").get("commit").get("id").asText()).matches("[0-9a-f]{7,}");
        }
        assertThat(info.get("world").get("name").asText()).isEqualTo("runner_drop");
        assertThat(info.get("world").get("file").asText()).endsWith("runner_drop.sdf");
    }

    private String prometheus() {
        ResponseEntity<String> r = http.getForEntity("/actuator/prometheus", String.class);
        assertThat(r.getStatusCode()).isEqualTo(HttpStatus.OK);
        return r.getBody();
    }

    private JsonNode get(String path) throws Exception {
        ResponseEntity<String> r = http.getForEntity(path, String.class);
        assertThat(r.getStatusCode()).as("%s: %s", path, r.getBody()).isEqualTo(HttpStatus.OK);
        return JSON.readTree(r.getBody());
    }

    private JsonNode getUnchecked(String path) {
        try {
            return get(path);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private ResponseEntity<String> post(String path, Map<String, String> body) {
        return http.postForEntity(path, body, String.class);
    }

    static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
