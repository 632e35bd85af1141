package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

/** Puts the shared test server back where each test starts: the api world, paused, reset, factor 0. */
final class ApiFixtures {

    private ApiFixtures() {
    }

    static void pausedAndReset(ApiTestSupport api) {
        JsonNode s = api.get("/api/simulation").json();
        if (!"api_world".equals(s.get("world").get("name").asText())
                || !s.get("world").get("file").asText().endsWith(ApiTestSupport.WORLD)) {
            assertThat(api.postJson("/api/world/load", "{\"path\": \"" + ApiTestSupport.WORLD + "\"}").status())
                    .isEqualTo(200);
            s = api.get("/api/simulation").json();
        }
        if (!s.get("paused").asBoolean()) {
            assertThat(api.post("/api/simulation/pause").status()).isEqualTo(200);
        }
        assertThat(api.post("/api/simulation/reset").status()).isEqualTo(200);
        assertThat(api.putJson("/api/simulation/real-time-factor", "{\"value\": 0}").status()).isEqualTo(200);
    }
}
