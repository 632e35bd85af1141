package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 item 1 over real HTTP: a dynamic sphere of radius 1e30 was spawned (201) and broke JBullet's next step,
 * which aborted the run for good. Now a spawn, a load and a teleport beyond the bounds of docs/limits.md are refused,
 * and the running world steps on.
 */
class PhysicalBoundsApiTests extends ApiTestSupport {

    static final String HUGE_SPHERE = """
            <model name="planet"><pose>0 -3 1 0 0 0</pose><link name="body">
              <collision name="shell"><geometry><sphere><radius>1e30</radius></sphere></geometry></collision>
            </link></model>""";

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    Response spawn(String snippet) {
        return send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(snippet)));
    }

    @Test
    void aSphereOfRadius1e30IsRefusedAndTheWorldStepsOn() {
        Response r = spawn(HUGE_SPHERE);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("file").asText()).isEqualTo("spawn request");
        assertThat(r.json().get("line").asInt()).isEqualTo(2);
        assertThat(r.json().get("column").asInt()).isPositive();
        assertThat(r.json().get("detail").asText()).contains("<radius>", "beyond 100000.0 m");
        assertThat(get("/api/models/planet").status()).isEqualTo(404);

        Response stepped = post("/api/simulation/step?count=50");
        assertThat(stepped.status()).as(stepped.body()).isEqualTo(200);
        assertThat(stepped.json().get("iterations").asLong()).isEqualTo(50);
        assertThat(get("/api/simulation").json().path("outcome").isNull()).isTrue();
    }

    @Test
    void aWorldHoldingOneIsRefusedNamingFileLineAndColumn() throws IOException {
        Files.writeString(
                WORLDS_DIR.resolve("planet.sdf"),
                "<sdf version='1.11'><world name='planet'>\n" + HUGE_SPHERE + "\n</world></sdf>");
        Response r = postJson("/api/world/load", "{\"path\": \"planet.sdf\"}");
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().get("file").asText()).endsWith("planet.sdf");
        assertThat(r.json().get("line").asInt()).isEqualTo(3);
        assertThat(r.json().get("column").asInt()).isPositive();
        JsonNode status = get("/api/simulation").json();
        assertThat(status.get("world").get("name").asText()).isEqualTo("api_world");
    }

    @Test
    void aTeleportBeyondTheBoundIsRefused() {
        Response r = putJson(
                "/api/models/box/pose", "{\"x\": 1e30, \"y\": 0, \"z\": 1, \"roll\": 0, \"pitch\": 0, \"yaw\": 0}");
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).contains("beyond 100000.0 m");
        assertThat(get("/api/models/box").json().get("pose").get("x").asDouble())
                .isZero();
        assertThat(post("/api/simulation/step?count=5").status()).isEqualTo(200);
    }
}
