package io.orrery.ops;

import static io.orrery.ops.ActuatorEndpointsTests.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.system.PreUpdate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;

/**
 * A step that runs out of memory ends the run aborted, and everyone who looks is told it was an OutOfMemoryError:
 * health (DOWN), the status, the log. Before, they read "Requested array size exceeds VM limit" (or "Java heap
 * space"), which does not say that memory ran out.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=src/test/resources/worlds/runner_drop.sdf",
            "orrery.real-time-factor=0",
            "orrery.status-log-interval=0s"
        })
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class HealthAfterAnErrorTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    @Test
    void healthTheStatusAndTheLogNameTheError(CapturedOutput output) throws Exception {
        await(
                () -> http.getForEntity("/actuator/health", String.class)
                        .getBody()
                        .contains("\"outcome\""),
                "the run has ended");

        ResponseEntity<String> response = http.getForEntity("/actuator/health", String.class);
        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        JsonNode simulation =
                JSON.readTree(response.getBody()).get("components").get("simulation");
        assertThat(simulation.get("status").asText()).isEqualTo("DOWN");
        assertThat(simulation.at("/details/outcome").asText()).isEqualTo("aborted");
        assertThat(simulation.at("/details/reason").asText()).contains("java.lang.OutOfMemoryError");
        JsonNode status =
                JSON.readTree(http.getForEntity("/api/simulation", String.class).getBody());
        assertThat(status.get("outcome").asText()).isEqualTo("aborted");
        assertThat(status.get("message").asText()).contains("java.lang.OutOfMemoryError");
        assertThat(status.get("iterations").asLong()).isEqualTo(99);
        assertThat(output.getOut()).containsPattern("ERROR .*Simulation aborted: java.lang.OutOfMemoryError");
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class GreedyController {

        @Bean
        PreUpdate greedyController() {
            return (info, world) -> {
                if (info.iterations() == 100) {
                    long[] tooMany = new long[Integer.MAX_VALUE]; // really out of memory, at once
                    tooMany[0] = 1;
                }
            };
        }
    }
}
