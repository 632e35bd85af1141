package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Models over real HTTP: read, spawn from SDF, remove, teleport, make static; reset restores the loaded set. */
class ModelApiTests extends ApiTestSupport {

    static final String CRATE = """
            <model name="crate">
              <pose>0 3 0.5 0 0 0</pose>
              <link name="body">
                <inertial><mass>2</mass></inertial>
                <collision name="c"><geometry><box><size>0.3 0.3 0.3</size></box></geometry></collision>
              </link>
            </model>
            """;

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void listsTheLoadedModelsWithPoseAndStaticFlag() {
        Response r = get("/api/models");
        assertThat(r.status()).isEqualTo(200);
        assertThat(names(r.json())).containsExactly("ground", "box", "ball");
        JsonNode ground = r.json().get(0);
        assertThat(ground.get("static").asBoolean()).isTrue();
        JsonNode ball = r.json().get(2);
        assertThat(ball.get("static").asBoolean()).isFalse();
        assertThat(ball.get("pose").get("x").asDouble()).isCloseTo(2.0, within(1e-9));
        assertThat(ball.get("pose").get("z").asDouble()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void oneModelHasVelocityAndLinks() {
        post("/api/simulation/step?count=100");
        JsonNode ball = get("/api/models/ball").json();
        // falling freely for 0.1 s from 0.5 m: v = -g t
        assertThat(ball.get("velocity").get("linear").get("z").asDouble()).isCloseTo(-0.98, within(0.02));
        assertThat(ball.get("velocity").has("angular")).isTrue();
        assertThat(ball.get("links")).hasSize(1);
        JsonNode link = ball.get("links").get(0);
        assertThat(link.get("name").asText()).isEqualTo("body");
        assertThat(link.get("pose").get("z").asDouble()).isCloseTo(0.5 - 0.5 * 9.8 * 0.01, within(0.005));
        assertThat(link.get("velocity").get("linear").get("z").asDouble()).isCloseTo(-0.98, within(0.02));
    }

    @Test
    void anUnknownModelIs404Everywhere() {
        Response r = get("/api/models/nope");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("model").asText()).isEqualTo("nope");
        assertThat(delete("/api/models/nope").status()).isEqualTo(404);
        assertThat(putJson("/api/models/nope/pose", pose(0, 0, 1, 0, 0, 0)).status())
                .isEqualTo(404);
        assertThat(putJson("/api/models/nope/static", "{\"value\": true}").status())
                .isEqualTo(404);
    }

    @Test
    void aPoseRoundTrips() {
        Response put = putJson("/api/models/box/pose", pose(1.5, -2.25, 0.75, 0.1, -0.2, 0.3));
        assertThat(put.status()).isEqualTo(200);
        JsonNode p = get("/api/models/box").json().get("pose");
        assertThat(p.get("x").asDouble()).isCloseTo(1.5, within(1e-6));
        assertThat(p.get("y").asDouble()).isCloseTo(-2.25, within(1e-6));
        assertThat(p.get("z").asDouble()).isCloseTo(0.75, within(1e-6));
        assertThat(p.get("roll").asDouble()).isCloseTo(0.1, within(1e-6));
        assertThat(p.get("pitch").asDouble()).isCloseTo(-0.2, within(1e-6));
        assertThat(p.get("yaw").asDouble()).isCloseTo(0.3, within(1e-6));
    }

    @Test
    void badPosesAreRefused() {
        for (String bad : List.of(
                "{\"x\": \"NaN\", \"y\": 0, \"z\": 1, \"roll\": 0, \"pitch\": 0, \"yaw\": 0}",
                "{\"x\": \"Infinity\", \"y\": 0, \"z\": 1, \"roll\": 0, \"pitch\": 0, \"yaw\": 0}",
                "{\"x\": 0, \"y\": 0, \"z\": 1}",
                "[1, 2, 3]",
                "")) {
            Response r = putJson("/api/models/box/pose", bad);
            assertThat(r.status()).as(bad).isEqualTo(400);
            assertThat(r.header("Content-Type")).as(bad).startsWith("application/problem+json");
        }
        Response missing = putJson("/api/models/box/pose", "{\"x\": 0, \"y\": 0, \"z\": 1}");
        assertThat(missing.json().get("detail").asText()).contains("'roll'");
        assertThat(get("/api/models/box").json().get("pose").get("z").asDouble())
                .isCloseTo(0.1, within(1e-3));
    }

    @Test
    void aModelBecomesStatic() {
        Response r = putJson("/api/models/ball/static", "{\"value\": true}");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("static").asBoolean()).isTrue();
        post("/api/simulation/step?count=100");
        JsonNode ball = get("/api/models/ball").json();
        assertThat(ball.get("static").asBoolean()).isTrue();
        assertThat(ball.get("pose").get("z").asDouble()).isCloseTo(0.5, within(1e-9));
        assertThat(putJson("/api/models/ball/static", "{}").status()).isEqualTo(400);
    }

    @Test
    void spawnThenGetThenDeleteThen404() {
        Response spawned = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(CRATE)));
        assertThat(spawned.status()).isEqualTo(201);
        assertThat(spawned.header("Location")).endsWith("/api/models/crate");
        assertThat(spawned.json().get("pose").get("y").asDouble()).isCloseTo(3.0, within(1e-9));

        Response got = get("/api/models/crate");
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.json().get("static").asBoolean()).isFalse();
        assertThat(names(get("/api/models").json())).containsExactly("ground", "box", "ball", "crate");

        Response twice = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(CRATE)));
        assertThat(twice.status()).isEqualTo(409);
        assertThat(twice.json().get("model").asText()).isEqualTo("crate");

        assertThat(delete("/api/models/crate").status()).isEqualTo(204);
        assertThat(get("/api/models/crate").status()).isEqualTo(404);
        assertThat(delete("/api/models/crate").status()).isEqualTo(404);
    }

    @Test
    void aBadSnippetIs422WithItsLine() {
        String bad = """
                <model name="broken">
                  <link name="body">
                    <inertial><mass>-1</mass></inertial>
                  </link>
                </model>
                """;
        Response r = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(bad)));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("line").asInt()).isEqualTo(3);
        assertThat(r.json().get("column").asInt()).isPositive();
        assertThat(r.json().get("detail").asText()).contains("mass");

        Response malformed = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("<model name=\"x\">\n  <link>\n</model>")));
        assertThat(malformed.status()).isEqualTo(422);
        assertThat(malformed.json().get("line").asInt()).isEqualTo(3);
        assertThat(names(get("/api/models").json())).containsExactly("ground", "box", "ball");
    }

    /**
     * A lidar of 40,000 × 40,000 samples used to reach the lidar device, whose ray array ran the runner thread out of
     * memory (the run aborted, the spawn answered 500): now the snippet is refused as it is read, and the running
     * world goes on without any part of the model.
     */
    @Test
    void aSpawnedLidarOfFortyThousandSquaredSamplesIs422AndTheWorldRunsOn() throws Exception {
        String huge = """
                <model name="eye">
                  <link name="body">
                    <sensor name="lidar" type="gpu_lidar">
                      <lidar>
                        <scan>
                          <horizontal><samples>40000</samples><min_angle>-3.14</min_angle><max_angle>3.14</max_angle></horizontal>
                          <vertical><samples>40000</samples><min_angle>-1</min_angle><max_angle>1</max_angle></vertical>
                        </scan>
                        <range><min>0.1</min><max>30</max></range>
                      </lidar>
                    </sensor>
                  </link>
                </model>
                """;
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);

        Response r = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(huge)));

        assertThat(r.status()).as("%s", r).isEqualTo(422);
        assertThat(r.json().get("line").asInt()).isEqualTo(5);
        assertThat(r.json().get("detail").asText()).contains("1600000000 rays", "orrery.sdf.max-lidar-rays");
        assertThat(get("/api/models/eye").status()).isEqualTo(404);
        assertThat(names(get("/api/models").json())).containsExactly("ground", "box", "ball");
        long before = get("/api/simulation").json().get("iterations").asLong();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (get("/api/simulation").json().get("iterations").asLong() < before + 10) {
            assertThat(System.nanoTime()).as("the world steps on").isLessThan(deadline);
            Thread.sleep(10);
        }
        assertThat(get("/api/simulation").json().get("paused").asBoolean()).isFalse();
        assertThat(runner.isRunning()).isTrue();
    }

    /**
     * A 1 kg bob (I_cm 0.001 kg·m²) 0.5 m along +x from a revolute joint to the world about +y, released level:
     * gravity's torque m·g·L = 4.9 N·m about +y over I = I_cm + m·L² = 0.251 kg·m² gives 19.5 rad/s².
     */
    static final String SWING = """
            <model name="swing">
              <pose>0 -3 2 0 0 0</pose>
              <link name="bob">
                <pose>0.5 0 0 0 0 0</pose>
                <inertial><mass>1</mass>
                  <inertia><ixx>0.001</ixx><iyy>0.001</iyy><izz>0.001</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia>
                </inertial>
                <collision name="c"><geometry><sphere><radius>0.05</radius></sphere></geometry></collision>
              </link>
              <joint name="hinge" type="revolute">
                <pose>-0.5 0 0 0 0 0</pose>
                <parent>world</parent>
                <child>bob</child>
                <axis><xyz>0 1 0</xyz><dynamics><damping>0</damping></dynamics></axis>
              </joint>
            </model>
            """;

    @Test
    void aModelShowsItsJointsInSiUnits() {
        Response spawned = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(SWING)));
        assertThat(spawned.status()).isEqualTo(201);
        JsonNode atRest = spawned.json().get("joints");
        assertThat(atRest).hasSize(1);
        assertThat(atRest.get(0).get("position").asDouble()).isZero();

        post("/api/simulation/step?count=100");
        JsonNode joints = get("/api/models/swing").json().get("joints");
        assertThat(joints).hasSize(1);
        JsonNode hinge = joints.get(0);
        assertThat(hinge.get("name").asText()).isEqualTo("hinge");
        assertThat(hinge.get("type").asText()).isEqualTo("revolute");
        // after 0.1 s at 19.5 rad/s² (cos θ stays above 0.995): ω = 1.95 rad/s, θ = 0.098 rad
        double alpha = 9.8 * 0.5 / (0.001 + 0.25);
        assertThat(hinge.get("velocity").asDouble()).isCloseTo(alpha * 0.1, within(0.01 * alpha * 0.1));
        assertThat(hinge.get("position").asDouble()).isCloseTo(alpha * 0.01 / 2, within(0.01 * alpha * 0.01));
        assertThat(hinge.get("effort").asDouble()).isZero(); // no command, damping or friction
        assertThat(get("/api/models/ball").json().get("joints")).isEmpty();
    }

    /**
     * A bob hanging off a universal joint's cross, 0.3 m out along both X and Y of the point below it: gravity swings
     * it about both axes, and the joint shows both angles (its second as {@code axis2}); a joint of one axis has no
     * {@code axis2}.
     */
    static final String GIMBAL = """
            <model name="gimbal">
              <pose>0 -3 2 0 0 0</pose>
              <link name="bob">
                <inertial><mass>1</mass></inertial>
                <collision name="c"><geometry><sphere><radius>0.05</radius></sphere></geometry></collision>
              </link>
              <joint name="cross" type="universal">
                <pose>-0.3 -0.3 1 0 0 0</pose>
                <parent>world</parent>
                <child>bob</child>
                <axis><xyz>1 0 0</xyz></axis>
                <axis2><xyz>0 1 0</xyz></axis2>
              </joint>
            </model>
            """;

    @Test
    void aUniversalJointShowsBothItsAngles() {
        Response spawned = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(GIMBAL)));
        assertThat(spawned.status()).isEqualTo(201);
        post("/api/simulation/step?count=100");
        JsonNode cross = get("/api/models/gimbal").json().get("joints").get(0);
        assertThat(cross.get("type").asText()).isEqualTo("universal");
        // the bob swings back under the cross, towards -y (a negative turn about X) and -x (a positive turn about Y)
        assertThat(cross.get("position").asDouble()).isNegative();
        assertThat(cross.get("velocity").asDouble()).isNegative();
        assertThat(cross.get("axis2").get("position").asDouble()).isPositive();
        assertThat(cross.get("axis2").get("velocity").asDouble()).isPositive();
        assertThat(cross.get("axis2").get("effort").asDouble()).isZero(); // no damping or friction

        send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(SWING)));
        assertThat(get("/api/models/swing").json().get("joints").get(0).has("axis2"))
                .isFalse();
    }

    @Test
    void resetRestoresTheLoadedModels() {
        send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(CRATE)));
        assertThat(delete("/api/models/box").status()).isEqualTo(204);
        putJson("/api/models/ball/pose", pose(5, 5, 5, 0, 0, 0));
        assertThat(names(get("/api/models").json())).containsExactly("ground", "ball", "crate");

        assertThat(post("/api/simulation/reset").status()).isEqualTo(200);
        assertThat(names(get("/api/models").json())).containsExactlyInAnyOrder("ground", "box", "ball");
        assertThat(get("/api/models/ball").json().get("pose").get("x").asDouble())
                .isCloseTo(2.0, within(1e-9));
    }

    static String pose(double x, double y, double z, double roll, double pitch, double yaw) {
        return "{\"x\": %s, \"y\": %s, \"z\": %s, \"roll\": %s, \"pitch\": %s, \"yaw\": %s}"
                .formatted(x, y, z, roll, pitch, yaw);
    }

    static List<String> names(JsonNode models) {
        List<String> names = new ArrayList<>();
        models.forEach(m -> names.add(m.get("name").asText()));
        return names;
    }
}
