package io.orrery.transport.foxglove;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.TimeProtos.Time;
import dev.foxglove.schemas.SceneEntity;
import dev.foxglove.schemas.SceneUpdate;
import io.orrery.api.DiffDriveApplication;
import io.orrery.node.NodeProject;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.transport.record.mcap.McapWriter;
import io.orrery.transport.record.mcap.McapWriterOptions;
import io.orrery.transport.scene.Schemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Playback of a recording into Foxglove's own client from npm ({@code src/test/node/foxglove-playback/check.mjs}) on
 * a real port: a recording of 200 {@code /clock} messages 10 ms apart (sim time = log time), a scene at its start and
 * a schemaless JSON channel, played at speed 1, paused, sought to 1.5 s and played to the end at speed 50. What is
 * checked is order and content, never how long anything took.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.start-paused=true", "orrery.status-log-interval=0s"})
class FoxglovePlaybackTests extends DiffDriveApplication {

    private static final NodeProject CLIENT =
            new NodeProject("foxglove-playback", "a recording is played back into Foxglove's own client");

    private static final Path RECORDINGS;

    static {
        try {
            RECORDINGS = Files.createTempDirectory("orrery-playback");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first message's log time: 1 ms, so that no time is 0. */
    private static final long START = 1_000_000;

    private static final long STEP = 10_000_000;
    private static final int CLOCKS = 200;

    @DynamicPropertySource
    static void recordings(DynamicPropertyRegistry registry) {
        registry.add("orrery.foxglove.playback-directory", RECORDINGS::toString);
    }

    @Test
    void foxglovesClientPlaysPausesSeeksAndSetsTheSpeed() throws Exception {
        Files.createDirectories(RECORDINGS.resolve("sweep/3"));
        write(RECORDINGS.resolve("sweep/3/result.mcap"));

        String base = "ws://127.0.0.1:" + port + "/foxglove/playback?file=";
        JsonNode seen = CLIENT.check(List.of(base + "sweep%2F3%2Fresult.mcap", base + "..%2Foutside.mcap"));

        assertThat(seen.get("subprotocol").asText()).isEqualTo("foxglove.websocket.v1");
        assertThat(seen.at("/serverInfo/capabilities").toString()).contains("\"time\"", "\"parameters\"");
        assertThat(seen.at("/channels/~1clock/schemaName").asText()).isEqualTo("gz.msgs.Clock");
        assertThat(seen.at("/channels/~1foxglove~1scene/schemaName").asText()).isEqualTo("foxglove.SceneUpdate");
        assertThat(seen.get("channels").has("/orrery/replay/state"))
                .as("a channel without a schema is not advertised")
                .isFalse();
        assertThat(seen.at("/times/0").asText())
                .as("the first time is the recording's start")
                .isEqualTo("" + START);
        assertThat(seen.at("/initial/playback.playing").asBoolean()).isFalse();
        assertThat(seen.at("/initial/playback.speed").asDouble()).isEqualTo(1.0);
        assertThat(seen.at("/initial/playback.duration").asDouble()).isEqualTo((CLOCKS - 1) * STEP / 1e9);

        JsonNode playing = seen.at("/phases/playing");
        assertThat(playing.get("firstClock").asText()).isEqualTo("" + START);
        assertThat(playing.get("clocks").asInt()).isGreaterThanOrEqualTo(20);
        assertThat(playing.get("scenes").asInt()).isEqualTo(1);
        assertThat(playing.get("ordered").asBoolean()).isTrue();
        assertThat(playing.get("timed").asBoolean())
                .as("time frames and receive times are the log times")
                .isTrue();
        assertThat(seen.at("/paused/playback.playing").asBoolean()).isFalse();
        assertThat(seen.at("/phases/after-pause/clocks").asInt())
                .as("nothing is sent once the pause is answered")
                .isZero();
        double pausedAt = seen.at("/afterPause/playback.time").asDouble();
        assertThat(pausedAt).isEqualTo(seen.at("/paused/playback.time").asDouble());

        long sought = START + 1_500_000_000L;
        assertThat(seen.at("/timeAfterSeek").asText()).isEqualTo("" + sought);
        assertThat(seen.at("/sought/playback.time").asDouble()).isEqualTo(1.5);
        assertThat(seen.at("/phases/sought/scenes").asInt())
                .as("a seek sends the scene drawn before it again")
                .isEqualTo(1);
        assertThat(seen.at("/phases/sought/sceneEntities/0").asText()).isEqualTo("box");

        assertThat(seen.at("/badSpeed/playback.speed").asDouble()).isEqualTo(1.0);
        assertThat(seen.get("status").toString()).contains("playback.speed must be a number from 0.01 to 100.0");

        JsonNode toEnd = seen.at("/phases/to-end");
        assertThat(toEnd.get("firstClock").asText()).isEqualTo("" + sought);
        assertThat(toEnd.get("clocks").asInt())
                .as("the clocks from 1.5 s on, each once")
                .isEqualTo(50);
        assertThat(toEnd.get("lastClock").asText()).isEqualTo("" + (START + (CLOCKS - 1) * STEP));
        assertThat(toEnd.get("ordered").asBoolean()).isTrue();
        assertThat(toEnd.get("timed").asBoolean()).isTrue();
        assertThat(seen.at("/ended/playback.playing").asBoolean()).isFalse();
        assertThat(seen.get("status").toString()).contains("the recording has ended");

        assertThat(seen.at("/refused/code").asInt()).isEqualTo(1008);
        assertThat(seen.at("/refused/status").toString())
                .contains("'../outside.mcap' is not an .mcap file inside the playback directory");
    }

    private static void write(Path file) throws IOException {
        try (McapWriter w = McapWriter.create(file, McapWriterOptions.defaults())) {
            int clockSchema =
                    w.addSchema(MessageTypes.nameOf(Clock.class), "protobuf", Schemas.bytes(Clock.getDescriptor()));
            int sceneSchema = w.addSchema(
                    MessageTypes.nameOf(SceneUpdate.class), "protobuf", Schemas.bytes(SceneUpdate.getDescriptor()));
            int clock = w.addChannel(clockSchema, "/clock", "protobuf", Map.of());
            int scene = w.addChannel(sceneSchema, "/foxglove/scene", "protobuf", Map.of());
            int json = w.addChannel(0, "/orrery/replay/state", "json", Map.of());
            w.addMessage(
                    scene,
                    0,
                    START,
                    START,
                    SceneUpdate.newBuilder()
                            .addEntities(SceneEntity.newBuilder().setId("box"))
                            .build()
                            .toByteArray());
            for (int i = 0; i < CLOCKS; i++) {
                long t = START + i * STEP;
                Time sim = Time.newBuilder()
                        .setSec((int) (t / 1_000_000_000L))
                        .setNsec((int) (t % 1_000_000_000L))
                        .build();
                w.addMessage(
                        clock, i, t, t, Clock.newBuilder().setSim(sim).build().toByteArray());
                w.addMessage(json, i, t, t, "{}".getBytes(StandardCharsets.US_ASCII));
            }
        }
    }
}
