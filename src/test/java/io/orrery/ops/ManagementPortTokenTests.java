package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * With the actuator on its own port ({@code management.server.port}), {@code orrery.api.token} guards its write
 * operations there as it guards {@code /api} on the API port; reads stay open on both.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=src/test/resources/worlds/runner_drop.sdf",
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "management.server.port=0",
            "orrery.api.token=s3cret-token"
        })
@DirtiesContext
class ManagementPortTokenTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "Bearer s3cret-token";

    @LocalServerPort
    int apiPort;

    @LocalManagementPort
    int managementPort;

    final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeEach
    void worldIsReady() throws Exception {
        ActuatorEndpointsTests.await(
                () -> get(managementPort, "/actuator/health/readiness").statusCode() == 200,
                "readiness 200 on the management port");
    }

    @Test
    void theManagementPortsWritesNeedTheTokenAndItsReadsStayOpen() throws Exception {
        assertThat(managementPort).isNotEqualTo(apiPort);

        HttpResponse<String> none = send(simulation("resume"));
        assertThat(none.statusCode()).as(none.body()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
        assertThat(none.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("application/problem+json"));
        assertThat(JSON.readTree(none.body()).get("status").asInt()).isEqualTo(401);
        assertThat(send(simulation("resume").header("Authorization", "Bearer s3cret-tokex"))
                        .statusCode())
                .isEqualTo(401);

        HttpResponse<String> read = get(managementPort, "/actuator/simulation");
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(read.body()).get("paused").asBoolean())
                .as("the refused resumes changed nothing")
                .isTrue();

        HttpResponse<String> resumed = send(simulation("resume").header("Authorization", TOKEN));
        assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
        assertThat(JSON.readTree(resumed.body()).get("paused").asBoolean()).isFalse();
        assertThat(send(simulation("pause").header("Authorization", TOKEN)).statusCode())
                .isEqualTo(200);
    }

    @Test
    void healthDetailsOnTheManagementPortOnlyForTheToken() throws Exception {
        JsonNode stranger =
                JSON.readTree(get(managementPort, "/actuator/health").body());
        assertThat(stranger.get("components").get("simulation").get("status").asText())
                .isEqualTo("UP");
        assertThat(stranger.get("components").get("simulation").has("details"))
                .as("%s", stranger)
                .isFalse();

        JsonNode holder = JSON.readTree(send(HttpRequest.newBuilder(uri(managementPort, "/actuator/health"))
                        .header("Authorization", TOKEN)
                        .GET())
                .body());
        assertThat(holder.get("components")
                        .get("simulation")
                        .get("details")
                        .get("world")
                        .asText())
                .isEqualTo("runner_drop");
    }

    @Test
    void theApiPortStillNeedsTheTokenForChanges() {
        HttpResponse<String> none = send(HttpRequest.newBuilder(uri(apiPort, "/api/simulation/step?count=1"))
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(none.statusCode()).as(none.body()).isEqualTo(401);
        assertThat(get(apiPort, "/api/simulation").statusCode()).isEqualTo(200);
    }

    private HttpRequest.Builder simulation(String action) {
        return HttpRequest.newBuilder(uri(managementPort, "/actuator/simulation"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"action\": \"" + action + "\"}"));
    }

    private static URI uri(int port, String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private HttpResponse<String> get(int port, String path) {
        return send(HttpRequest.newBuilder(uri(port, path)).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return client.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
