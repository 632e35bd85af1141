package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.runner.port.SimulationStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control WebSocket answers each connection's requests strictly in the order they came, each after the one
 * before it has taken effect: a client may send without waiting (pipeline) and read the answers in order. Black-box:
 * a real server and a real WebSocket client sending its frames at once.
 */
class ControlAnswerOrderTests {

    static final String IMU = "/probe/imu";
    static final int BATCH = 20_000;

    @TempDir
    Path dir;

    @Test
    void pipelinedRequestsAreAnsweredInRequestOrderEachAfterTheOneBefore() throws Exception {
        Path world = Files.copy(Path.of("src/test/resources/worlds/respawn_sensors.sdf"), dir.resolve("world.sdf"));
        try (LockstepServer server = LockstepServer.start(world);
                ControlClient c = server.connect()) {
            // Someone else's long step batch keeps the runner busy: the acquire is applied only when it ends, so the
            // step right behind it would find no hold if it were looked at before the acquire had taken effect.
            CompletableFuture<SimulationStatus> batch =
                    server.runner().control().step(BATCH);
            while (server.runner().reads().status().iterations() == 0) {
                assertThat(batch).as("the batch runs").isNotDone();
                Thread.sleep(1);
            }
            List<ObjectNode> requests = new ArrayList<>();
            requests.add(c.request("acquire"));
            requests.add(step(c, 1));
            requests.add(observe(c));
            requests.add(null); // a frame that is not JSON
            requests.add(step(c, 2000));
            requests.add(observe(c));
            requests.add(c.request("nonsense"));
            requests.add(observe(c));
            requests.add(c.request("release"));
            for (ObjectNode r : requests) {
                c.send(r == null ? "{not json" : r.toString());
            }

            List<JsonNode> answers = new ArrayList<>();
            for (int i = 0; i < requests.size(); i++) {
                answers.add(c.next());
            }

            assertThat(answers)
                    .extracting(a -> a.get("op").asText())
                    .as("answers: %s", answers)
                    .containsExactly(
                            "acquired",
                            "stepped",
                            "observed",
                            "error",
                            "stepped",
                            "observed",
                            "error",
                            "observed",
                            "released");
            for (int i = 0; i < requests.size(); i++) {
                String expected = requests.get(i) == null
                        ? "null"
                        : requests.get(i).get("id").asText();
                assertThat(answers.get(i).get("id").asText())
                        .as("answer %d: %s", i, answers.get(i))
                        .isEqualTo(expected);
            }
            assertThat(answers.get(3).get("status").asInt()).isEqualTo(400);
            assertThat(answers.get(6).get("status").asInt()).isEqualTo(400);
            // Each observe sees the world its step left: the same sim time, the same IMU message.
            for (int[] pair : new int[][] {{1, 2}, {4, 5}, {4, 7}}) {
                JsonNode stepped = answers.get(pair[0]);
                JsonNode observed = answers.get(pair[1]);
                assertThat(observed.get("simTime"))
                        .as("observe %d after step %d", pair[1], pair[0])
                        .isEqualTo(stepped.get("simTime"));
                assertThat(observed.at("/observations/~1probe~1imu"))
                        .isEqualTo(stepped.at("/observations/~1probe~1imu"));
            }
            assertThat(batch.get(60, TimeUnit.SECONDS).iterations()).isEqualTo(BATCH);
            assertThat(answers.get(1).get("iterations").asLong()).isEqualTo(BATCH + 1);
            assertThat(answers.get(4).get("iterations").asLong()).isEqualTo(BATCH + 2001);
        }
    }

    private static ObjectNode step(ControlClient c, int count) {
        ObjectNode step = c.request("step");
        step.put("count", count);
        step.putArray("observe").add(IMU);
        return step;
    }

    private static ObjectNode observe(ControlClient c) {
        ObjectNode observe = c.request("observe");
        observe.putArray("observe").add(IMU);
        return observe;
    }
}
