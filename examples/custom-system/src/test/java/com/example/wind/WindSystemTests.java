package com.example.wind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.OrreryApplication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The wind system and the gusts plugin in the real Orrery application, started from this project's class path as
 * the auto-configuration brings them: over HTTP, as a user drives it.
 */
@SpringBootTest(
        classes = OrreryApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=worlds/windy.sdf",
            "orrery.start-paused=true",
            "orrery.real-time-factor=0",
            "orrery.status-log-interval=0s",
            "wind.x=2",
            "wind.coefficient=0.5"
        })
class WindSystemTests {

    static final ObjectMapper JSON = new ObjectMapper();
    static final double DT = 0.001;
    static final double K = 0.5;

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theWindBlowsTheBoxTowardItsVelocityAndTheGustsPluginChangesIt() throws Exception {
        awaitPaused();
        double v0 = velocityX();
        JsonNode stepped = call("POST", "/api/simulation/step?count=1000", null);
        assertThat(stepped.get("iterations").asLong()).isEqualTo(1000);

        // Each step the velocity moves k dt of the way to the wind's, and nothing else acts on the box (no gravity,
        // no contact, no damping): after n steps v = w - (w - v0)(1 - k dt)^n. JBullet keeps velocities in
        // float: 1000 steps of rounding at 6e-8 relative each stay under 1e-4 m/s.
        double expected = 2 - (2 - v0) * Math.pow(1 - K * DT, 1000);
        assertThat(velocityX()).isCloseTo(expected, within(1e-4));

        JsonNode set = call("POST", "/api/plugins/gusts/commands/set", "{\"x\": \"-1\"}");
        assertThat(set.get("wind").get("x").asDouble()).isEqualTo(-1);
        double before = velocityX();
        call("POST", "/api/simulation/step?count=500", null);
        assertThat(velocityX()).isCloseTo(-1 - (-1 - before) * Math.pow(1 - K * DT, 500), within(1e-4));
    }

    @Test
    void orreryListsTheWindSystemWithItsPriorityAndWhereItCameFrom() throws Exception {
        awaitPaused();
        JsonNode wind = null;
        for (JsonNode phase : call("GET", "/api/systems", null).get("phases")) {
            if (phase.get("phase").asText().equals("PreUpdate")) {
                wind = phase.get("systems").get(0);
            }
        }
        assertThat(wind).isNotNull();
        assertThat(wind.get("name").asText()).isEqualTo("wind");
        assertThat(wind.get("priority").asInt()).isEqualTo(-10);
        assertThat(wind.get("prioritySource").asText()).isEqualTo("@Order on @Bean method WindConfiguration.wind()");
        assertThat(wind.get("origin").get("description").asText()).isEqualTo("Spring bean 'wind'");
    }

    private double velocityX() throws Exception {
        return call("GET", "/api/models/box", null)
                .get("velocity")
                .get("linear")
                .get("x")
                .asDouble();
    }

    private void awaitPaused() throws Exception {
        for (int i = 0;
                i < 600 && !call("GET", "/api/simulation", null).get("paused").asBoolean();
                i++) {
            Thread.sleep(100);
        }
    }

    private JsonNode call(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode())
                .as(method + " " + path + ": " + response.body())
                .isBetween(200, 299);
        return JSON.readTree(response.body());
    }
}
