package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * The whole application on the native Bullet engine ({@code orrery.physics.engine=bullet}), over real HTTP: the
 * engine is named where users look for it, and the default world loads, steps, teleports, spawns, removes, resets
 * and answers snapshots.
 */
@TestPropertySource(properties = "orrery.physics.engine=bullet")
@DirtiesContext
class BulletEngineApiTests extends ApiTestSupport {

    private static final double G = 9.8;
    private static final double DT = 0.001;

    @Test
    void theEngineIsNamedInTheStatusAndInActuatorInfo() {
        assertThat(get("/api/simulation").json().get("engine").asText()).isEqualTo("bullet");
        Response info = get("/actuator/info");
        assertThat(info.status()).isEqualTo(200);
        assertThat(info.json().get("engine").asText()).isEqualTo("bullet");
    }

    @Test
    void theDefaultWorldLoadsStepsTeleportsSpawnsRemovesAndResets() throws Exception {
        Files.copy(
                Path.of("worlds/default.sdf"), WORLDS_DIR.resolve("default.sdf"), StandardCopyOption.REPLACE_EXISTING);
        Response loaded = postJson("/api/world/load", "{\"path\": \"default.sdf\"}");
        assertThat(loaded.status()).isEqualTo(200);
        assertThat(loaded.json().get("world").get("name").asText()).isEqualTo("orrery_demo");
        assertThat(loaded.json().get("engine").asText()).isEqualTo("bullet");
        assertThat(loaded.json().get("iterations").asLong()).isZero();

        // 100 steps: red_box (bottom at 1.75 m, nothing under it for 0.1 s) falls freely. Semi-implicit Euler at
        // n steps: z0 − g·dt²·n(n+1)/2 = 2 − 0.04949 m; float positions of ~2 m are exact to 2.4e-7 a step.
        Response step = post("/api/simulation/step?count=100");
        assertThat(step.status()).isEqualTo(200);
        assertThat(step.json().get("iterations").asLong()).isEqualTo(100);
        JsonNode red = get("/api/models/red_box").json();
        assertThat(red.get("pose").get("z").asDouble()).isCloseTo(2 - G * DT * DT * 100 * 101 / 2, within(1e-5));
        assertThat(red.get("velocity").get("linear").get("z").asDouble()).isCloseTo(-G * 100 * DT, within(1e-5));

        // Snapshots: the model list and the world as SDF, both as the world is now.
        assertThat(ModelApiTests.names(get("/api/models").json())).contains("ground_plane", "red_box", "pendulum");
        Response sdf = get("/api/world/sdf");
        assertThat(sdf.status()).isEqualTo(200);
        assertThat(sdf.body()).contains("<model name=\"red_box\"").contains("orrery_demo");

        // A teleport lands exactly there: 1, 2 and 3 are exact in float.
        assertThat(putJson("/api/models/red_box/pose", ModelApiTests.pose(1, 2, 3, 0, 0, 0))
                        .status())
                .isEqualTo(200);
        JsonNode moved = get("/api/models/red_box").json().get("pose");
        assertThat(moved.get("x").asDouble()).isCloseTo(1, within(1e-6));
        assertThat(moved.get("y").asDouble()).isCloseTo(2, within(1e-6));
        assertThat(moved.get("z").asDouble()).isCloseTo(3, within(1e-6));

        // Spawn, step, remove.
        Response spawned = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(ModelApiTests.CRATE)));
        assertThat(spawned.status()).isEqualTo(201);
        assertThat(post("/api/simulation/step?count=10").status()).isEqualTo(200);
        JsonNode crate = get("/api/models/crate").json();
        assertThat(crate.get("pose").get("z").asDouble()).isLessThan(0.5); // it fell, from 0.5 m
        assertThat(delete("/api/models/crate").status()).isEqualTo(204);
        assertThat(get("/api/models/crate").status()).isEqualTo(404);

        // Reset: back to the file's poses, at iteration 0, on the same engine.
        Response reset = post("/api/simulation/reset");
        assertThat(reset.status()).isEqualTo(200);
        JsonNode status = get("/api/simulation").json();
        assertThat(status.get("iterations").asLong()).isZero();
        assertThat(status.get("engine").asText()).isEqualTo("bullet");
        JsonNode back = get("/api/models/red_box").json().get("pose");
        assertThat(back.get("x").asDouble()).isCloseTo(0, within(1e-6));
        assertThat(back.get("z").asDouble()).isCloseTo(2, within(1e-6));
        assertThat(back.get("yaw").asDouble()).isCloseTo(0.3, within(1e-6));
        assertThat(ModelApiTests.names(get("/api/models").json())).doesNotContain("crate");
    }
}
