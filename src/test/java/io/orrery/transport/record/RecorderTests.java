package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.api.DiffDriveApplication;
import io.orrery.app.Topics;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.topic.Publisher;
import io.orrery.topic.Subscription;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicListener;
import io.orrery.topic.TopicMessage;
import io.orrery.transport.record.mcap.NodeMcapCheck;
import io.orrery.transport.scene.SceneTopics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.unit.DataSize;

/**
 * A run recorded into an MCAP file, on Gazebo's diff_drive.sdf, and read back by Foxglove's reference reader
 * ({@code @mcap/core} under Node.js, each message decoded by protobufjs from the schema in the file): every message the
 * bus delivered is in it, on its topic, logged at the sim time it was published at, with its contents.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RecorderTests extends DiffDriveApplication {

    static final String CMD = "/model/vehicle_blue/cmd_vel";
    static final String ODOM = "/model/vehicle_blue/odometry";
    static final String POSES = "/world/diff_drive/pose/info";
    static final long SECOND = 1_000_000_000L;
    static final String WORLD_CLOCK = "/world/diff_drive/clock";
    static final String LATE = "/test/appeared_mid_run";
    static final String LATE_OWNER = "test-late";

    static final Path DIR = temporaryDirectory();
    static final Path RUN = DIR.resolve("run.mcap");

    @Autowired
    Recorder recorder;

    @Autowired
    Topics topics;

    @Autowired
    WorldControl control;

    @Autowired
    WorldFiles files;

    @DynamicPropertySource
    static void recording(DynamicPropertyRegistry registry) {
        registry.add("orrery.record.path", RUN::toString);
        registry.add("orrery.record.directory", DIR::toString);
        registry.add("orrery.record.max-rate", () -> "0"); // every message: what the bus delivered, counted
    }

    @Test
    @Order(1)
    void theRunIsRecordedFromTheStartWithEveryMessageAtItsSimTime() throws Exception {
        awaitPaused();
        awaitRead(recorder, ODOM, POSES, CMD);
        assertThat(Files.exists(RUN))
                .as("the file appears only once it is complete")
                .isFalse();
        assertThat(DIR.resolve("run.mcap.part")).exists();

        // what the bus delivers while the steps run, counted by a subscriber of our own on every topic there is and
        // every one that appears (the root /clock and /stats, advertised at the first step): paused, the world
        // publishes its clock and statistics again at the same sim time now and then, which the recorder saw before
        // we came and may see after we left, so both count what was published strictly between 0 and 2 s
        TopicBus bus = topics.currentBus(WorldId.DEFAULT).orElseThrow();
        Map<String, AtomicLong> delivered = new ConcurrentHashMap<>();
        List<Subscription> counting = new CopyOnWriteArrayList<>();
        Consumer<String> count = topic -> {
            delivered.put(topic, new AtomicLong());
            counting.add(bus.subscribe(topic, bus.messageType(topic).orElseThrow(), "test", m -> {
                long time = bus.latest(topic).map(TopicMessage::simTimeNanos).orElse(0L);
                if (time > 0 && time < 2 * SECOND) {
                    delivered.get(topic).incrementAndGet();
                }
            }));
        };
        TopicListener appearing = topic -> {
            if (recorder.topicsRead().contains(topic.name())) {
                count.accept(topic.name());
            }
        };
        bus.addTopicListener(appearing);
        recorder.topicsRead().forEach(count);
        // a topic that appears mid-run on the runner's thread at 1 s and is published at once, every step: only a
        // recorder told as it appears has its first message (a look at the bus every sync-period is too late)
        AtomicReference<Publisher<Clock>> late = new AtomicReference<>();
        bus.subscribe(WORLD_CLOCK, Clock.class, LATE_OWNER, c -> {
            long time = bus.latest(WORLD_CLOCK).map(TopicMessage::simTimeNanos).orElse(0L);
            if (time >= SECOND && time < 2 * SECOND) {
                if (late.get() == null) {
                    late.set(bus.advertise(LATE, Clock.class, LATE_OWNER));
                }
                late.get().publish(c);
            }
        });
        Twist twist =
                Twist.newBuilder().setLinear(Vector3d.newBuilder().setX(0.5)).build();
        topics.publish(WorldId.DEFAULT, CMD, twist).get(30, TimeUnit.SECONDS);
        control.step(WorldId.DEFAULT, 2000).get(60, TimeUnit.SECONDS);
        bus.removeTopicListener(appearing);
        bus.release(LATE_OWNER);
        counting.forEach(Subscription::cancel);

        Recording.Summary summary = recorder.stop().orElseThrow();
        assertThat(summary.file()).isEqualTo(RUN);
        assertThat(RUN).exists();
        assertThat(DIR.resolve("run.mcap.part")).doesNotExist();

        JsonNode read = NodeMcapCheck.check("recording", RUN, "0", Long.toString(2 * SECOND));
        JsonNode t = read.get("topics");
        Map<String, Long> expected = new TreeMap<>();
        delivered.forEach((topic, n) -> {
            if (n.get() > 0) {
                expected.put(topic, n.get());
            }
        });
        expected.put(SceneTopics.TRANSFORMS, delivered.get(POSES).get()); // one set of frames per pose/info
        Map<String, Long> recorded = new TreeMap<>();
        t.properties().forEach(e -> {
            // every topic of the bus we counted, those that appeared mid-run too: the recorder had their first message
            boolean counted = delivered.containsKey(e.getKey()) || e.getKey().equals(SceneTopics.TRANSFORMS);
            if (counted && e.getValue().get("countBetween").asLong() > 0) {
                recorded.put(e.getKey(), e.getValue().get("countBetween").asLong());
            }
        });
        assertThat(recorded).isEqualTo(expected);
        // 1 ms steps (diff_drive.sdf's max_step_size): 1000 from 1 s to 1.999 s; the root clock at every step, 1999
        // of them strictly between 0 and 2 s
        assertThat(t.at("/" + escape(LATE) + "/firstLogTime").asLong())
                .as("the topic that appeared at 1 s, from its first message")
                .isEqualTo(SECOND);
        assertThat(t.at("/" + escape(LATE) + "/countBetween").asLong()).isEqualTo(1000);
        assertThat(delivered.get(LATE)).hasValue(1000);
        assertThat(t.at("/~1clock/countBetween").asLong()).isEqualTo(1999);
        assertThat(read.get("total").asLong()).isEqualTo(summary.messages());
        assertThat(t.at("/~1clock/lastLogTime").asLong())
                .as("/clock, to the end")
                .isEqualTo(2 * SECOND);
        assertThat(read.get("compressions").toString()).isEqualTo("[\"zstd\"]");

        // every stamped message carries the sim time it was logged at; the log time is the publish time
        t.properties().forEach(e -> {
            JsonNode topic = e.getValue();
            assertThat(topic.get("stampedOtherwise")).as(e.getKey()).isEmpty();
            assertThat(topic.get("publishTimeIsLogTime").asBoolean())
                    .as(e.getKey())
                    .isTrue();
            assertThat(topic.get("lastLogTime").asLong()).as(e.getKey()).isBetween(0L, 2 * SECOND);
        });
        for (String stamped : List.of(ODOM, POSES, SceneTopics.TRANSFORMS, SceneTopics.SCENE)) {
            assertThat(t.at("/" + escape(stamped) + "/stampedAsLogged").asLong())
                    .as(stamped)
                    .isEqualTo(t.at("/" + escape(stamped) + "/count").asLong());
        }
        JsonNode odom = t.get(ODOM);
        assertThat(odom.get("schema").asText()).isEqualTo("gz.msgs.Odometry");
        assertThat(odom.get("lastLogTime").asLong()).isEqualTo(2 * SECOND);
        // 0.5 m/s for 2 s less the 0.5 s ramp at 1 m/s² (ControlSocketTests): 0.875 m, wheel slip under 1 cm
        assertThat(odom.at("/last/pose/position/x").asDouble()).isCloseTo(0.875, within(0.01));
        assertThat(t.at("/" + escape(CMD) + "/last/linear/x").asDouble()).isEqualTo(0.5);
        JsonNode frames = t.get(SceneTopics.TRANSFORMS);
        assertThat(frames.get("schema").asText()).isEqualTo("foxglove.FrameTransforms");
        assertThat(frames.at("/last/transforms").findValuesAsText("child_frame_id"))
                .contains("vehicle_blue", "vehicle_blue::chassis", "vehicle_green::left_wheel");
        JsonNode scene = t.get(SceneTopics.SCENE);
        assertThat(scene.get("schema").asText()).isEqualTo("foxglove.SceneUpdate");
        assertThat(scene.at("/last/entities").findValuesAsText("frame_id"))
                .contains("vehicle_blue::chassis", "ground_plane::link");

        JsonNode about = read.at("/metadata/" + Recording.METADATA);
        assertThat(about.get("messages").asLong()).isEqualTo(summary.messages());
        assertThat(about.get("dropped").asLong()).isZero();
        assertThat(about.get("over_size").asLong()).isZero();
        assertThat(about.get("max_rate").asText()).as("every message").isEqualTo("0");
        assertThat(about.get("orrery.world").asText()).endsWith("diff_drive.sdf");
    }

    @Test
    @Order(2)
    void aRecordingStopsTakingMessagesAtItsSizeAndIsStillWhole() throws Exception {
        awaitPaused();
        DataSize max = DataSize.ofKilobytes(64);
        Recorder small = new Recorder(
                topics,
                files,
                new RecordProperties(
                        "",
                        true,
                        DIR.toString(),
                        List.of(),
                        max,
                        100_000,
                        "none",
                        DataSize.ofKilobytes(4),
                        Duration.ofMillis(200),
                        100_000,
                        256,
                        0),
                Map.of());
        Path file = DIR.resolve("small.mcap");
        small.start(file);
        awaitRead(small, ODOM, POSES);
        control.step(WorldId.DEFAULT, 2000).get(60, TimeUnit.SECONDS);
        Recording.Summary summary = small.stop().orElseThrow();
        assertThat(summary.overSize()).as("messages refused for the size").isPositive();

        JsonNode read = NodeMcapCheck.check("recording", file);
        assertThat(read.get("total").asLong()).isEqualTo(summary.messages()).isPositive();
        // the messages stop within the limit; the summary (schemas, channels, chunk indexes) follows it
        assertThat(read.get("dataEndOffset").asLong()).isLessThanOrEqualTo(max.toBytes());
        assertThat(read.at("/metadata/" + Recording.METADATA + "/over_size").asLong())
                .isEqualTo(summary.overSize());
    }

    @Test
    @Order(3)
    void aRecordingIsStartedAndEndedOverHttp() throws Exception {
        awaitPaused();
        recorder.stop(); // the one from the start, if an earlier test left it
        HttpClient http = HttpClient.newHttpClient();
        assertThat(send(http, "POST", "{\"file\": \"../escape.mcap\"}").statusCode())
                .isEqualTo(400);
        HttpResponse<String> started = send(http, "POST", "{\"file\": \"api.mcap\"}");
        assertThat(started.statusCode()).isEqualTo(201);
        assertThat(started.body()).contains("\"recording\":true");
        HttpResponse<String> again = send(http, "POST", "{\"file\": \"other.mcap\"}");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.body()).contains("under way into").contains("api.mcap");
        awaitRead(recorder, ODOM);
        long before = runner.reads().status().simTimeNanos();
        control.step(WorldId.DEFAULT, 100).get(60, TimeUnit.SECONDS);
        HttpResponse<String> ended = send(http, "DELETE", null);
        assertThat(ended.statusCode()).isEqualTo(200);
        JsonNode summary = new ObjectMapper().readTree(ended.body());
        assertThat(summary.get("messages").asLong()).isPositive();
        assertThat(send(http, "DELETE", null).statusCode()).isEqualTo(404);

        JsonNode read = NodeMcapCheck.check(
                "recording", DIR.resolve("api.mcap"), Long.toString(before), Long.toString(before + SECOND / 10));
        assertThat(read.get("total").asLong()).isEqualTo(summary.get("messages").asLong());
        // 100 steps of 1 ms: one clock message a step, 99 of them strictly between the first and the last
        assertThat(read.at("/topics/~1clock/countBetween").asLong()).isEqualTo(99);
    }

    @Test
    @Order(4)
    void aRecordingAtAMaxRateKeepsOneMessageATopicAPeriodOfSimTime() throws Exception {
        awaitPaused();
        Recorder rated = new Recorder(
                topics,
                files,
                new RecordProperties(
                        "",
                        true,
                        DIR.toString(),
                        List.of(),
                        DataSize.ofMegabytes(64),
                        100_000,
                        "zstd",
                        DataSize.ofMegabytes(1),
                        Duration.ofMillis(200),
                        100_000,
                        256,
                        100),
                Map.of());
        Path file = DIR.resolve("rated.mcap");
        rated.start(file);
        awaitRead(rated, ODOM, POSES, WORLD_CLOCK);
        long before = runner.reads().status().simTimeNanos();
        control.step(WorldId.DEFAULT, 1000).get(60, TimeUnit.SECONDS);
        Recording.Summary summary = rated.stop().orElseThrow();

        JsonNode read = NodeMcapCheck.check("recording", file, Long.toString(before), Long.toString(before + SECOND));
        assertThat(read.get("total").asLong()).isEqualTo(summary.messages());
        // 1000 steps of 1 ms, the clock published at each: at 100 a second of sim time, one every 10 ms: 99 strictly
        // inside the second when the paused world's clock at its start took the first slot, else 100 (at 1, 11 ...
        // 991 ms), where every message would be 999
        assertThat(read.at("/topics/~1clock/countBetween").asLong()).isBetween(99L, 100L);
        assertThat(read.at("/topics/" + escape(WORLD_CLOCK) + "/countBetween").asLong())
                .isBetween(99L, 100L);
        // the poses (and their frames) at most as often
        assertThat(read.at("/topics/" + escape(POSES) + "/countBetween").asLong())
                .isBetween(1L, 99L);
        assertThat(read.at("/topics/" + escape(SceneTopics.TRANSFORMS) + "/countBetween")
                        .asLong())
                .isEqualTo(read.at("/topics/" + escape(POSES) + "/countBetween").asLong());
        // and the file says it was sampled, so a reader does not take it for every message
        assertThat(read.at("/metadata/" + Recording.METADATA + "/max_rate").asText())
                .isEqualTo("100");
    }

    private HttpResponse<String> send(HttpClient http, String method, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/recording"))
                .header("Content-Type", "application/json");
        b = body == null
                ? b.method(method, HttpRequest.BodyPublishers.noBody())
                : b.method(method, HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Waits until the recorder's tick has subscribed to every one of {@code topics}. */
    static void awaitRead(Recorder r, String... topics) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measure
        while (!r.topicsRead().containsAll(List.of(topics))) {
            r.tick();
            assertThat(System.nanoTime())
                    .as("the recorder reads %s; it reads %s", List.of(topics), r.topicsRead())
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** A topic as a JSON pointer segment. */
    static String escape(String topic) {
        return topic.replace("~", "~0").replace("/", "~1");
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("orrery-record");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
