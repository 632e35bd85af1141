package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The simulation's status and lifecycle commands over real HTTP, against the real runner and JBullet. */
class SimulationApiTests extends ApiTestSupport {

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void statusDescribesThePausedWorld() {
        Response r = get("/api/simulation");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("application/json");
        JsonNode s = r.json();
        assertThat(s.get("state").asText()).isEqualTo("PAUSE");
        assertThat(s.get("paused").asBoolean()).isTrue();
        assertThat(s.get("outcome").isNull()).isTrue();
        assertThat(s.get("stepSize").asDouble()).isCloseTo(0.001, within(1e-12));
        assertThat(s.get("realTimeFactor").asDouble()).isEqualTo(0.0);
        assertThat(s.get("world").get("name").asText()).isEqualTo("api_world");
        assertThat(s.get("world").get("file").asText()).endsWith("api_world.sdf");
        assertThat(names(s.get("allowedCommands")))
                .contains("resume", "step", "reset")
                .doesNotContain("pause");
    }

    @Test
    void resumeThenPauseAndTheRefusalsInBetween() {
        Response resumed = post("/api/simulation/resume");
        assertThat(resumed.status()).isEqualTo(200);
        assertThat(resumed.json().get("paused").asBoolean()).isFalse();

        Response again = post("/api/simulation/resume");
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.header("Content-Type")).startsWith("application/problem+json");
        JsonNode problem = again.json();
        assertThat(problem.get("status").asInt()).isEqualTo(409);
        assertThat(problem.get("state").asText()).startsWith("STEP_");
        assertThat(names(problem.get("allowed"))).contains("pause", "stop").doesNotContain("resume", "step");
        assertThat(problem.get("detail").asText())
                .contains("resume")
                .contains("allowed: ")
                .contains("pause");

        Response step = post("/api/simulation/step?count=5");
        assertThat(step.status()).isEqualTo(409);
        assertThat(names(step.json().get("allowed"))).contains("pause").doesNotContain("step");

        Response paused = post("/api/simulation/pause");
        assertThat(paused.status()).isEqualTo(200);
        assertThat(paused.json().get("paused").asBoolean()).isTrue();
        assertThat(paused.json().get("state").asText()).isEqualTo("PAUSE");
        Response pauseAgain = post("/api/simulation/pause");
        assertThat(pauseAgain.status()).isEqualTo(409);
        assertThat(pauseAgain.json().get("state").asText()).isEqualTo("PAUSE");
        assertThat(names(pauseAgain.json().get("allowed")))
                .containsExactly(
                        "resume",
                        "step",
                        "stop",
                        "reset",
                        "reload",
                        "run-to",
                        "real-time-factor",
                        "spawn",
                        "remove",
                        "teleport",
                        "set-static");
    }

    @Test
    void stepAnswersAfterExactlyNStepsAndStaysPaused() {
        long before = get("/api/simulation").json().get("iterations").asLong();
        Response r = post("/api/simulation/step?count=250");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("iterations").asLong()).isEqualTo(before + 250);
        assertThat(r.json().get("paused").asBoolean()).isTrue();
        JsonNode after = get("/api/simulation").json();
        assertThat(after.get("iterations").asLong()).isEqualTo(before + 250);
        assertThat(after.get("simTime").asDouble()).isCloseTo((before + 250) * 0.001, within(1e-9));
        assertThat(after.get("state").asText()).isEqualTo("PAUSE");

        JsonNode stats = get("/api/statistics").json();
        assertThat(stats.get("steps").asLong()).isGreaterThanOrEqualTo(250);
        assertThat(stats.has("achievableFactor")).isTrue();
    }

    @Test
    void stepCountsOutOfRangeAreBadRequests() {
        assertThat(post("/api/simulation/step?count=0").status()).isEqualTo(400);
        Response tooMany = post("/api/simulation/step?count=1000001");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.json().get("detail").asText()).contains("between 1 and 1000000");
        assertThat(post("/api/simulation/step?count=many").status()).isEqualTo(400);
        assertThat(get("/api/simulation").json().get("iterations").asLong()).isZero();
    }

    @Test
    void runToAnswersOnceThereAndPaused() {
        Response r = post("/api/simulation/run-to?simTime=0.3");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("simTime").asDouble()).isCloseTo(0.3, within(1e-9));
        assertThat(r.json().get("paused").asBoolean()).isTrue();
        Response behind = post("/api/simulation/run-to?simTime=0.1");
        assertThat(behind.status()).isEqualTo(400);
        assertThat(behind.json().get("detail").asText()).contains("not ahead");
    }

    @Test
    void realTimeFactorIsSetAndBadValuesAreRefused() {
        Response r = putJson("/api/simulation/real-time-factor", "{\"value\": 2.5}");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("realTimeFactor").asDouble()).isEqualTo(2.5);
        assertThat(get("/api/simulation").json().get("realTimeFactor").asDouble())
                .isEqualTo(2.5);

        // 1e-300 was found by fuzzing: the runner would wait ~1e297 s for its next step, and every command with it
        for (String bad : List.of(
                "{\"value\": -1}",
                "{\"value\": \"NaN\"}",
                "{\"value\": NaN}",
                "{}",
                "{\"value\": \"fast\"}",
                "",
                "{\"value\": 1e-300}",
                "{\"value\": 0.0009}")) {
            Response refused = putJson("/api/simulation/real-time-factor", bad);
            assertThat(refused.status()).as(bad).isEqualTo(400);
            assertThat(refused.header("Content-Type")).as(bad).startsWith("application/problem+json");
        }
        assertThat(get("/api/simulation").json().get("realTimeFactor").asDouble())
                .isEqualTo(2.5);
        assertThat(putJson("/api/simulation/real-time-factor", "{\"value\": 0}").status())
                .isEqualTo(200);
    }

    @Test
    void resetGoesBackToTimeZeroAndReloadReadsTheFileAgain() {
        post("/api/simulation/step?count=100");
        Response reset = post("/api/simulation/reset");
        assertThat(reset.status()).isEqualTo(200);
        assertThat(reset.json().get("iterations").asLong()).isZero();
        assertThat(reset.json().get("paused").asBoolean()).isTrue();

        post("/api/simulation/step?count=100");
        Response reload = post("/api/simulation/reload");
        assertThat(reload.status()).isEqualTo(200);
        assertThat(reload.json().get("iterations").asLong()).isZero();
        assertThat(reload.json().get("world").get("name").asText()).isEqualTo("api_world");
        assertThat(reload.json().get("paused").asBoolean()).isTrue();

        Response elsewhere = postJson("/api/simulation/reload", "{\"path\": \"../outside.sdf\"}");
        assertThat(elsewhere.status()).isEqualTo(400); // a name with .. is refused by name
    }

    @Test
    void unknownPathsAreProblemsToo() {
        Response r = get("/api/nothing-here");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void theOpenApiDescriptionAndSwaggerUiAreServed() {
        Response docs = get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        JsonNode paths = docs.json().get("paths");
        assertThat(paths.has("/api/simulation")).isTrue();
        assertThat(paths.has("/api/models/{name}/pose")).isTrue();
        assertThat(paths.has("/api/events")).isTrue();
        Response ui = get("/swagger-ui.html");
        assertThat(ui.status()).isEqualTo(200);
        assertThat(ui.body()).containsIgnoringCase("swagger");
    }

    static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }
}
