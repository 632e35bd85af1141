package io.orrery.api;

import static io.orrery.api.ControlServer.get;
import static io.orrery.api.ControlServer.json;
import static io.orrery.api.ControlServer.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** The control WebSocket and the step body over a real port, on Gazebo's diff_drive.sdf. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class ControlSocketTests extends DiffDriveApplication {

    static final String CMD = "/model/vehicle_blue/cmd_vel";
    static final String ODOM = "/model/vehicle_blue/odometry";

    @BeforeEach
    void pausedAtLoad() throws Exception {
        awaitPaused();
        runner.control().reset().get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void nobodyHolds() throws Exception {
        awaitReleased();
    }

    @Test
    void aControllerAcquiresStepsWithAnActionAndSeesItsObservationsStampedAtTheStepsEnd() throws Exception {
        try (ControlClient c = ControlClient.connect(port)) {
            JsonNode acquired = c.call(c.request("acquire"));
            assertThat(acquired.get("op").asText()).isEqualTo("acquired");
            assertThat(acquired.get("holder").asText()).startsWith("control connection");

            ObjectNode step = c.request("step");
            step.put("count", 2000);
            step.putObject("publish").putObject(CMD).putObject("linear").put("x", 0.5);
            step.putArray("observe").add(ODOM).add("/model/vehicle_green/odometry");
            step.putArray("models").add("vehicle_blue");
            JsonNode stepped = c.call(step);

            assertThat(stepped.get("op").asText()).isEqualTo("stepped");
            assertThat(stepped.get("id").asLong()).isEqualTo(step.get("id").asLong());
            assertThat(stepped.get("simTime").asDouble()).isEqualTo(2.0);
            assertThat(stepped.get("iterations").asLong()).isEqualTo(2000);
            // odometry at 1 Hz: the latest is the one of 2 s, delivered at that step
            JsonNode odom = stepped.at("/observations/" + escape(ODOM));
            assertThat(odom.get("simTime").asDouble()).isEqualTo(2.0);
            assertThat(odom.get("type").asText()).isEqualTo("gz.msgs.Odometry");
            assertThat(odom.at("/message/header/stamp/sec").asLong()).isEqualTo(2);
            // 0.5 m/s for 2 s less the 0.5 s ramp at 1 m/s²: 0.875 m (wheel slip: under 1 cm)
            assertThat(odom.at("/message/pose/position/x").asDouble()).isCloseTo(0.875, within(0.01));
            JsonNode blue = stepped.at("/models/0");
            assertThat(blue.get("name").asText()).isEqualTo("vehicle_blue");
            assertThat(blue.at("/pose/x").asDouble()).isCloseTo(0.875, within(0.01));
            assertThat(blue.get("joints")).isNotEmpty();
        }
    }

    @Test
    void whileHeldOthersAreRefusedNamingTheHolderAndMayRead() throws Exception {
        try (ControlClient holder = ControlClient.connect(port);
                ControlClient other = ControlClient.connect(port)) {
            String name = holder.call(holder.request("acquire")).get("holder").asText();

            for (String path :
                    new String[] {"/api/simulation/step", "/api/simulation/resume", "/api/simulation/reset"}) {
                HttpResponse<String> refused = post(port, path, "");
                assertThat(refused.statusCode()).as(path).isEqualTo(409);
                assertThat(json(refused).get("holder").asText()).isEqualTo(name);
                assertThat(json(refused).get("detail").asText()).contains("held by " + name);
            }
            HttpResponse<String> publish = post(port, "/api/topics" + CMD, "{\"linear\": {\"x\": 1}}");
            assertThat(publish.statusCode()).isEqualTo(409);
            JsonNode second = other.call(other.request("acquire"));
            assertThat(second.get("op").asText()).isEqualTo("error");
            assertThat(second.get("status").asInt()).isEqualTo(409);
            assertThat(second.get("holder").asText()).isEqualTo(name);

            JsonNode status = json(get(port, "/api/simulation"));
            assertThat(status.get("paused").asBoolean()).isTrue();
            assertThat(status.get("controller").asText()).isEqualTo(name);
            assertThat(status.get("allowedCommands"))
                    .extracting(JsonNode::asText)
                    .containsExactly("stop");
            ObjectNode look = other.request("observe");
            look.putArray("models").add("vehicle_green");
            assertThat(other.call(look).get("op").asText()).isEqualTo("observed");

            assertThat(holder.call(holder.request("release")).get("op").asText())
                    .isEqualTo("released");
            assertThat(post(port, "/api/simulation/step?count=3", "").statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void closingTheConnectionReleasesTheHoldAndTheWorldStaysPaused() throws Exception {
        ControlClient first = ControlClient.connect(port);
        first.call(first.request("acquire"));
        first.close();

        awaitReleased();
        assertThat(runner.reads().status().paused()).isTrue();
        try (ControlClient next = ControlClient.connect(port)) {
            assertThat(next.call(next.request("acquire")).get("op").asText()).isEqualTo("acquired");
        }
    }

    @Test
    void aResetStartsTheEpisodeAtSimTimeZeroWithTheModelsAsLoaded() throws Exception {
        try (ControlClient c = ControlClient.connect(port)) {
            c.call(c.request("acquire"));
            ObjectNode look = c.request("observe");
            look.putArray("models").add("vehicle_blue");
            JsonNode atLoad = c.call(look).at("/models/0/pose");
            ObjectNode drive = c.request("step");
            drive.put("count", 1500);
            drive.putObject("publish").putObject(CMD).putObject("linear").put("x", 1.0);
            c.call(drive);

            ObjectNode reset = c.request("reset");
            reset.put("seed", 7);
            reset.putArray("observe").add(ODOM);
            reset.putArray("models").add("vehicle_blue");
            JsonNode answer = c.call(reset);

            assertThat(answer.get("op").asText()).isEqualTo("reset");
            assertThat(answer.get("simTime").asDouble()).isZero();
            assertThat(answer.at("/observations/" + escape(ODOM)).isNull()).isTrue();
            assertThat(answer.at("/models/0/pose")).isEqualTo(atLoad);
        }
    }

    @Test
    void errorsAnswerWithAStatusAndKeepTheConnectionOpen() throws Exception {
        try (ControlClient c = ControlClient.connect(port)) {
            c.send("{not json");
            assertThat(c.next().get("status").asInt()).isEqualTo(400);
            assertThat(c.call(c.request("dance")).get("detail").asText()).contains("unknown op 'dance'");
            JsonNode notHeld = c.call(c.request("step"));
            assertThat(notHeld.get("status").asInt()).isEqualTo(409);
            assertThat(notHeld.get("detail").asText()).contains("acquire it first");

            c.call(c.request("acquire"));
            ObjectNode unknownTopic = c.request("step");
            unknownTopic.putArray("observe").add("/no/such/topic");
            assertThat(c.call(unknownTopic).get("status").asInt()).isEqualTo(404);
            ObjectNode badMessage = c.request("step");
            badMessage.putObject("publish").putObject(CMD).put("linear", "fast");
            JsonNode bad = c.call(badMessage);
            assertThat(bad.get("status").asInt()).isEqualTo(400);
            assertThat(bad.get("detail").asText()).contains("linear");
            ObjectNode badCount = c.request("step");
            badCount.put("count", 0);
            assertThat(c.call(badCount).get("status").asInt()).isEqualTo(400);
            ObjectNode unknownField = c.request("step");
            unknownField.put("steps", 3);
            assertThat(c.call(unknownField).get("detail").asText()).contains("unknown field 'steps'");

            assertThat(c.call(c.request("step")).get("iterations").asLong())
                    .as("nothing stepped before")
                    .isEqualTo(1);
        }
    }

    @Test
    void aFrameOverTheLimitClosesTheConnectionWith1009() throws Exception {
        ControlClient c = ControlClient.connect(port);
        c.send("{\"op\": \"observe\", \"id\": 1, \"pad\": \"" + "x".repeat(70 * 1024) + "\"}");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (c.closedBecause() == null) {
            assertThat(System.nanoTime()).as("closed by the server").isLessThan(deadline);
            Thread.sleep(5);
        }
        assertThat(c.closedBecause()).startsWith("1009"); // orrery.api.max-control-message: 64KB
        c.close();
    }

    @Test
    void anHttpStepWithABodyPublishesStepsAndObserves() throws Exception {
        HttpResponse<String> r = post(
                port,
                "/api/simulation/step",
                "{\"count\": 1000, \"publish\": {\"" + CMD + "\": {\"linear\": {\"x\": 0.5}}}, \"observe\": [\"" + ODOM
                        + "\"], \"models\": [\"vehicle_blue\"]}");

        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = json(r);
        assertThat(body.get("simTime").asDouble()).isEqualTo(1.0);
        assertThat(body.get("paused").asBoolean()).isTrue();
        assertThat(body.at("/observations/" + escape(ODOM) + "/simTime").asDouble())
                .isEqualTo(1.0);
        assertThat(body.at("/models/0/name").asText()).isEqualTo("vehicle_blue");
        HttpResponse<String> unknown = post(port, "/api/simulation/step", "{\"models\": [\"nobody\"]}");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(json(unknown).get("detail").asText()).contains("nobody");
    }

    private void awaitReleased() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (runner.hold().controller().isPresent()) {
            assertThat(System.nanoTime()).as("the hold is released").isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    /** A topic name as a JSON pointer segment. */
    static String escape(String topic) {
        return topic.replace("~", "~0").replace("/", "~1");
    }
}
