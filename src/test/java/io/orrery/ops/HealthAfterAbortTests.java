package io.orrery.ops;

import static io.orrery.ops.ActuatorEndpointsTests.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.system.PreUpdate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;

/** A controller that throws aborts the run: health is DOWN with the reason, the process itself stays live. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.world=src/test/resources/worlds/runner_drop.sdf", "orrery.real-time-factor=1"})
@DirtiesContext
class HealthAfterAbortTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    @Test
    void healthIsDownWithTheReasonAfterAnAbort() throws Exception {
        // Before the world has loaded, health is 503 too (plugins OUT_OF_SERVICE): wait for the run to end.
        await(
                () -> http.getForEntity("/actuator/health", String.class)
                        .getBody()
                        .contains("\"outcome\""),
                "the run has ended");

        ResponseEntity<String> response = http.getForEntity("/actuator/health", String.class);
        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        JsonNode health = JSON.readTree(response.getBody());
        assertThat(health.get("status").asText()).isEqualTo("DOWN");
        JsonNode simulation = health.get("components").get("simulation");
        assertThat(simulation.get("status").asText()).as("%s", health).isEqualTo("DOWN");
        assertThat(simulation.get("details").get("reason").asText()).contains("controller diverged at step 100");
        assertThat(simulation.get("details").get("outcome").asText()).isEqualTo("aborted");
        assertThat(simulation.get("details").get("state").asText()).isEqualTo("DISCONNECT");

        // Not ready any more (no world to serve), but the process is not wedged: no restart would help.
        await(
                () -> http.getForEntity("/actuator/health/readiness", String.class)
                                .getStatusCode()
                        == HttpStatus.SERVICE_UNAVAILABLE,
                "readiness 503");
        assertThat(http.getForEntity("/actuator/health/liveness", String.class).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertThat(JSON.readTree(http.getForEntity("/actuator/simulation", String.class)
                                .getBody())
                        .get("iterations")
                        .asLong())
                .isEqualTo(99);
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class DivergingController {

        @Bean
        PreUpdate divergingController() {
            return (info, world) -> {
                if (info.iterations() == 100) {
                    throw new IllegalStateException("controller diverged at step 100");
                }
            };
        }
    }
}
