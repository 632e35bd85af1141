package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.orrery.topic.TopicBus;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loaded model removed, another spawned under its name, then a reset: the world's sensors publish exactly as after
 * the load. Black-box: a real server, the models API over HTTP, lockstep episodes over the control WebSocket.
 */
class RespawnResetSensorsTests {

    static final List<String> TOPICS = List.of("/probe/imu", "/probe/altimeter", "/bystander/imu");

    /**
     * The impostor: another body under the probe's name, 5 m up, with an IMU on the probe's topic. While it is there
     * the probe's own devices must sample nothing; after the reset only the probe's.
     */
    static final String IMPOSTOR = """
            <model name="probe"><pose>-2 0 5 0 0 0</pose>
              <link name="body"><inertial><mass>3</mass></inertial>
                <collision name="box"><geometry><box><size>1 1 1</size></box></geometry></collision>
                <sensor name="imu" type="imu"><update_rate>50</update_rate><topic>/probe/imu</topic></sensor>
              </link>
            </model>
            """;

    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void afterARemoveARespawnUnderTheSameNameAndAResetTheSensorsPublishAsAfterTheLoad() throws Exception {
        Path world = Files.copy(
                Path.of("src/test/resources/worlds/respawn_sensors.sdf"), dir.resolve("respawn_sensors.sdf"));
        try (LockstepServer server = LockstepServer.start(world)) {
            String topicsAfterLoad = server.get("/api/topics").body();
            String afterLoad;
            try (ControlClient c = server.connect()) {
                c.call(c.request("acquire"));
                afterLoad = LockstepServer.episode(c, 300, TOPICS, List.of("probe", "bystander"));
                c.call(c.request("release"));
            }

            assertThat(delete(server, "/api/models/probe").statusCode()).isEqualTo(204);
            HttpResponse<String> spawned = spawn(server, IMPOSTOR);
            assertThat(spawned.statusCode()).as(spawned.body()).isEqualTo(201);
            assertThat(server.runner().control().step(100).get().iterations()).isEqualTo(400);
            // The impostor has no altimeter: the probe's, idle while the probe is gone, last sampled before it went.
            assertThat(server.runner()
                            .topics()
                            .bus()
                            .orElseThrow()
                            .latest("/probe/altimeter")
                            .orElseThrow()
                            .simTimeNanos())
                    .as("the probe's altimeter's last sample")
                    .isLessThanOrEqualTo(300_000_000L);

            String afterReset;
            String topicsAfterReset;
            try (ControlClient c = server.connect()) {
                c.call(c.request("acquire"));
                LockstepServer.reset(c);
                topicsAfterReset = server.get("/api/topics").body();
                afterReset = LockstepServer.episode(c, 300, TOPICS, List.of("probe", "bystander"));
            }
            SoftAssertions.assertSoftly(softly -> {
                softly.assertThat(afterReset)
                        .as("the episode after the reset, against the first after the load")
                        .isEqualTo(afterLoad);
                // Readers (the first episode's observations) are parties outside the world, listed for
                // TopicBus.READER_HOLD_NANOS of wall time after their last read, and a reset rightly keeps them, as
                // Gazebo's reset keeps its subscribers: compared without them, so the wall clock cannot decide it.
                softly.assertThat(withoutReaders(topicsAfterReset))
                        .as("topics, publishers and subscribers after the reset")
                        .isEqualTo(withoutReaders(topicsAfterLoad));
            });
        }
    }

    /** The topic listing with the readers taken out of each topic's subscribers. */
    private static String withoutReaders(String topicsJson) {
        try {
            ArrayNode topics = (ArrayNode) JSON.readTree(topicsJson);
            for (JsonNode topic : topics) {
                ArrayNode subscribers = (ArrayNode) topic.get("subscribers");
                for (int i = subscribers.size() - 1; i >= 0; i--) {
                    if (subscribers.get(i).asText().equals(TopicBus.READER)) {
                        subscribers.remove(i);
                    }
                }
            }
            return JSON.writeValueAsString(topics);
        } catch (IOException e) {
            throw new AssertionError("the topic listing is not JSON: " + topicsJson, e);
        }
    }

    private static HttpResponse<String> delete(LockstepServer server, String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(server, path)).DELETE());
    }

    private static HttpResponse<String> spawn(LockstepServer server, String snippet) throws Exception {
        return send(HttpRequest.newBuilder(uri(server, "/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(snippet)));
    }

    private static java.net.URI uri(LockstepServer server, String path) throws URISyntaxException {
        return new java.net.URI("http://localhost:" + server.port() + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return ControlServer.HTTP.send(
                request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
