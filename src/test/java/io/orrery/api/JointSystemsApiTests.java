package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.world.sdf.GzSimWorlds;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A joint moved over HTTP: Gazebo's joint_position_controller.sdf, a target posted to its topic. */
class JointSystemsApiTests extends ApiTestSupport {

    private static final String WORLD_FILE = "joint_position_controller.sdf";

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void aPositionPostedToTheControllersTopicMovesTheJointShownInTheModel() throws Exception {
        Files.copy(
                GzSimWorlds.folder().resolve(WORLD_FILE),
                WORLDS_DIR.resolve(WORLD_FILE),
                StandardCopyOption.REPLACE_EXISTING);
        assertThat(postJson("/api/world/load", "{\"path\": \"" + WORLD_FILE + "\"}")
                        .status())
                .isEqualTo(200);
        assertThat(post("/api/simulation/pause").status()).isIn(200, 409);

        JsonNode topics = get("/api/topics").json();
        assertThat(topics.toString()).contains("/rotor_cmd");
        assertThat(postJson("/api/topics/rotor_cmd", "{\"data\": 1.0}").status())
                .isEqualTo(202);
        assertThat(post("/api/simulation/step?count=3000").status()).isEqualTo(200);

        JsonNode j1 = joint(get("/api/models/joint_position_controller_demo").json(), "j1");
        // After 3 s the PID has the rotor within 4% of the target (see JointPositionControllerSimulationTests).
        assertThat(j1.get("position").asDouble()).isCloseTo(1.0, within(0.05));
        assertThat(j1.get("type").asText()).isEqualTo("revolute");
    }

    private static JsonNode joint(JsonNode model, String name) {
        for (JsonNode j : model.get("joints")) {
            if (j.get("name").asText().equals(name)) {
                return j;
            }
        }
        throw new AssertionError("no joint " + name + " in " + model);
    }
}
