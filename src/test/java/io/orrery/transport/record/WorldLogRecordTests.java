package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.runner.SimulationRunner;
import io.orrery.transport.record.mcap.NodeMcapCheck;
import io.orrery.transport.scene.SceneTopics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * gz-sim's LogRecord examples record their runs as MCAP: {@code log_record_shapes.sdf} loaded starts a recording into
 * {@code orrery.record.directory}, named after its world; a reload into a copy that selects topics with
 * {@code <record_topic>} (one plain name, one regular expression, as gz-sim's log_system test writes them) ends it and
 * starts one of those topics only; {@code log_record_dbl_pendulum.sdf} after it a third. Each file is read back by
 * Foxglove's reference reader ({@code @mcap/core}).
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.transport.enabled=false"
        })
class WorldLogRecordTests {

    static final Path EXAMPLES = Path.of("src/test/resources/worlds/gz-sim-examples");
    static final Path DIR = worlds();
    static final Path RECORDINGS = DIR.resolve("recordings");
    /** The worlds' step: 1 ms. */
    static final long MS = 1_000_000L;

    @Autowired
    Recorder recorder;

    @Autowired
    WorldControl control;

    @Autowired
    WorldFiles files;

    @Autowired
    SimulationRunner runner;

    /** The two example worlds, and the shapes world selecting the clock and the poses by its {@code <record_topic>}s. */
    static Path worlds() {
        try {
            Path dir = Files.createTempDirectory("orrery-logrecord");
            Files.copy(EXAMPLES.resolve("log_record_shapes.sdf"), dir.resolve("log_record_shapes.sdf"));
            Files.copy(EXAMPLES.resolve("log_record_dbl_pendulum.sdf"), dir.resolve("log_record_dbl_pendulum.sdf"));
            String shapes = Files.readString(EXAMPLES.resolve("log_record_shapes.sdf"));
            String selecting = shapes.replace(
                    "name=\"gz::sim::systems::LogRecord\">",
                    "name=\"gz::sim::systems::LogRecord\"><record_topic>/clock</record_topic>"
                            + "<record_topic>/world/shapes/pose/.*</record_topic>"
                            + "<record_path>/root/.gz/sim/log/elsewhere</record_path><compress>true</compress>");
            assertThat(selecting)
                    .as("the LogRecord element of log_record_shapes.sdf")
                    .isNotEqualTo(shapes);
            Files.writeString(dir.resolve("log_record_topics.sdf"), selecting);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", DIR::toString);
        registry.add("orrery.world", () -> DIR.resolve("log_record_shapes.sdf").toString());
        registry.add("orrery.record.directory", RECORDINGS::toString);
        // every message, so that each step's clock is in the file to be counted (the default keeps 100 a second)
        registry.add("orrery.record.max-rate", () -> "0");
    }

    @Test
    void eachLoadedWorldsLogRecordWritesAReadableRecordingOfTheTopicsItSelects() throws Exception {
        Path shapes = awaitRecording("shapes-");
        awaitPaused();
        RecorderTests.awaitRead(recorder, "/clock", "/world/shapes/pose/info");
        long first = simTime();
        control.step(WorldId.DEFAULT, 200).get(60, TimeUnit.SECONDS);

        files.load(WorldId.DEFAULT, "log_record_topics.sdf").get(60, TimeUnit.SECONDS);
        Path selected = awaitRecording("shapes-", shapes);
        // the first is finished whole under its name as the reload ends it
        assertThat(shapes).exists();
        JsonNode all = NodeMcapCheck.check("recording", shapes, Long.toString(first), Long.toString(first + 200 * MS));
        // 200 steps of 1 ms: one clock message a step, 199 of them strictly between the first and the last
        assertThat(all.at("/topics/~1clock/countBetween").asLong()).isEqualTo(199);
        assertThat(all.at("/topics/~1world~1shapes~1pose~1info/count").asLong()).isPositive();
        assertThat(all.at("/topics/" + SceneTopics.SCENE.replace("/", "~1") + "/count")
                        .asLong())
                .isPositive();
        assertThat(fieldNames(all.get("topics"))).contains(SceneTopics.TRANSFORMS);

        awaitPaused();
        RecorderTests.awaitRead(recorder, "/clock", "/world/shapes/pose/info");
        long second = simTime();
        control.step(WorldId.DEFAULT, 100).get(60, TimeUnit.SECONDS);
        files.load(WorldId.DEFAULT, "log_record_dbl_pendulum.sdf").get(60, TimeUnit.SECONDS);
        Path pendulum = awaitRecording("log_pendulum-");
        JsonNode some =
                NodeMcapCheck.check("recording", selected, Long.toString(second), Long.toString(second + 100 * MS));
        // the clock by its name, the poses by the expression, and the scene and frames a recording always has
        // (and the replay journal's channels, which are not bus topics: the recording began at the world's step 0)
        assertThat(fieldNames(some.get("topics")).stream()
                        .filter(t -> !t.startsWith("/orrery/replay/"))
                        .toList())
                .containsExactlyInAnyOrder(
                        "/clock", "/world/shapes/pose/info", SceneTopics.SCENE, SceneTopics.TRANSFORMS);
        assertThat(some.at("/topics/~1clock/countBetween").asLong()).isEqualTo(99);

        awaitPaused();
        RecorderTests.awaitRead(recorder, "/clock", "/world/log_pendulum/pose/info");
        long third = simTime();
        control.step(WorldId.DEFAULT, 50).get(60, TimeUnit.SECONDS);
        recorder.stop();
        JsonNode last =
                NodeMcapCheck.check("recording", pendulum, Long.toString(third), Long.toString(third + 50 * MS));
        assertThat(last.at("/topics/~1clock/countBetween").asLong()).isEqualTo(49);
        assertThat(last.at("/topics/~1world~1log_pendulum~1pose~1info/count").asLong())
                .isPositive();
        // nothing but the three recordings, all in orrery.record.directory
        try (Stream<Path> in = Files.list(RECORDINGS)) {
            assertThat(in.toList()).containsExactlyInAnyOrder(shapes, selected, pendulum);
        }
    }

    private long simTime() {
        return runner.reads().status().simTimeNanos();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    /** Waits for the recording under way into a file whose name starts with {@code prefix}, other than those given. */
    private Path awaitRecording(String prefix, Path... not) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measure
        while (true) {
            var now = recorder.current().map(Recording::file);
            if (now.isPresent()
                    && now.get().getFileName().toString().startsWith(prefix)
                    && !List.of(not).contains(now.get())) {
                assertThat(now.get().getParent()).isEqualTo(RECORDINGS);
                return now.get();
            }
            assertThat(System.nanoTime())
                    .as("a recording into %s… under way (now: %s)", prefix, now)
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private void awaitPaused() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!runner.reads().status().paused()) {
            assertThat(System.nanoTime()).as("paused after load").isLessThan(deadline);
            Thread.sleep(5);
        }
    }
}
