package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.TimeUnit;

/** Puts the shared test server back where each test starts: the api world, paused, reset, factor 0. */
final class ApiFixtures {

    private ApiFixtures() {}

    static void pausedAndReset(ApiTestSupport api) {
        JsonNode s = awaitLoaded(api);
        if (!"api_world".equals(s.get("world").get("name").asText())
                || !s.get("world").get("file").asText().endsWith(ApiTestSupport.WORLD)) {
            assertThat(api.postJson("/api/world/load", "{\"path\": \"" + ApiTestSupport.WORLD + "\"}")
                            .status())
                    .isEqualTo(200);
            s = api.get("/api/simulation").json();
        }
        if (!s.get("paused").asBoolean()) {
            int status = api.post("/api/simulation/pause").status();
            if (status == 409) {
                // Paused in between, by a trigger an earlier test armed on this shared server.
                assertThat(api.get("/api/simulation").json().get("paused").asBoolean())
                        .isTrue();
            } else {
                assertThat(status).isEqualTo(200);
            }
        }
        assertThat(api.post("/api/simulation/reset").status()).isEqualTo(200);
        assertThat(api.putJson("/api/simulation/real-time-factor", "{\"value\": 0}")
                        .status())
                .isEqualTo(200);
    }

    /** The status once the world has loaded (the runner starts with the application, the test may be quicker). */
    static JsonNode awaitLoaded(ApiTestSupport api) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        JsonNode s = api.get("/api/simulation").json();
        while (!SimulationApiTests.names(s.get("allowedCommands")).contains("reset") && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            s = api.get("/api/simulation").json();
        }
        assertThat(SimulationApiTests.names(s.get("allowedCommands")))
                .as("the world loaded")
                .contains("reset");
        return s;
    }
}
