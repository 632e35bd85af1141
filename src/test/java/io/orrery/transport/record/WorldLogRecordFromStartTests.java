package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.runner.SimulationRunner;
import io.orrery.transport.record.mcap.McapChannel;
import io.orrery.transport.record.mcap.McapMessage;
import io.orrery.transport.record.mcap.McapMessageCursor;
import io.orrery.transport.record.mcap.McapMetadata;
import io.orrery.transport.record.mcap.McapReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A world's LogRecord records from the world's first step, as {@code orrery.record.path} does, even when the world
 * runs at once and as fast as it can: {@code log_record_shapes.sdf}, not paused and unpaced, is recorded from step 1
 * (its file replays, which asks a state hash for every step from the first); reloaded while running into
 * {@code log_record_dbl_pendulum.sdf}, the next file starts with the new world's first step.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=false",
            "orrery.status-log-interval=0s",
            "orrery.transport.enabled=false"
        })
class WorldLogRecordFromStartTests {

    static final Path DIR = WorldLogRecordTests.worlds();
    static final Path RECORDINGS = DIR.resolve("recordings");
    /** The worlds' step: 1 ms, the sim time of a world's first step. */
    static final long MS = WorldLogRecordTests.MS;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    Recorder recorder;

    @Autowired
    WorldControl control;

    @Autowired
    WorldFiles files;

    @Autowired
    SimulationRunner runner;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", DIR::toString);
        registry.add("orrery.world", () -> DIR.resolve("log_record_shapes.sdf").toString());
        registry.add("orrery.record.directory", RECORDINGS::toString);
    }

    @Test
    void aRunningWorldsRecordingHoldsEveryStepFromTheFirstAlsoAfterAReload() throws Exception {
        Path shapes = awaitRecording("shapes-");
        awaitSimTime(100 * MS);

        var reloaded =
                files.load(WorldId.DEFAULT, "log_record_dbl_pendulum.sdf").get(60, TimeUnit.SECONDS);
        assertThat(reloaded.paused()).as("the reloaded world runs on").isFalse();
        // started on the runner's thread as the new world started: under way before the reload has answered
        Path pendulum = recorder.current()
                .map(Recording::file)
                .orElseThrow(() -> new AssertionError("no recording under way as the reload answered"));
        assertThat(pendulum.getFileName().toString()).startsWith("log_pendulum-");
        awaitSimTime(100 * MS);
        control.pause(WorldId.DEFAULT).get(60, TimeUnit.SECONDS);
        recorder.stop();

        // the first world's file is what orrery.record.path writes: a replay reads it (start_step 0, a hash for
        // every step from 1), and its clock starts at the first step's time
        ReplayFile first = ReplayFile.read(shapes);
        assertThat(first.settings).containsEntry("start_step", "0");
        assertThat(first.hashes.length).isGreaterThanOrEqualTo(100);
        Steps one = steps(shapes);
        assertThat(one.first()).isEqualTo(1);
        assertThat(one.count()).isEqualTo(one.last());
        assertThat(one.firstClock()).isEqualTo(MS);

        // the reloaded world's file: every step of the new world, from its first, none of the first world's
        Steps two = steps(pendulum);
        long start = Long.parseLong(two.metadata().get("start_step"));
        assertThat(start).isEqualTo(one.last());
        assertThat(two.first()).isEqualTo(start + 1);
        assertThat(two.last()).isEqualTo(Long.parseLong(two.metadata().get("steps")));
        assertThat(two.count()).isEqualTo(two.last() - start);
        assertThat(two.firstClock()).isEqualTo(MS);
    }

    /** The steps a file's state hashes cover, how many there are, its journal metadata and its first clock time. */
    record Steps(long first, long last, long count, long firstClock, Map<String, String> metadata) {}

    private static Steps steps(Path file) throws IOException {
        try (McapReader r = McapReader.open(file)) {
            Map<String, String> metadata = Map.of();
            for (McapMetadata m : r.metadata()) {
                if (m.name().equals(ReplayJournal.METADATA)) {
                    metadata = m.metadata();
                }
            }
            Integer state = null;
            Integer clock = null;
            for (McapChannel c : r.channels().values()) {
                if (c.topic().equals(ReplayJournal.STATE)) {
                    state = c.id();
                } else if (c.topic().equals("/clock")) {
                    clock = c.id();
                }
            }
            assertThat(state).as("%s has a state channel", file).isNotNull();
            assertThat(clock).as("%s has a /clock channel", file).isNotNull();
            List<Long> steps = new ArrayList<>();
            long firstClock = Long.MAX_VALUE;
            McapMessageCursor cursor = r.messages(Set.of(state, clock));
            McapMessage m;
            while ((m = cursor.next()) != null) {
                if (m.channelId() == state) {
                    steps.add(JSON.readTree(m.data()).path("step").asLong(-1));
                } else {
                    firstClock = Math.min(firstClock, m.logTime());
                }
            }
            assertThat(steps).as("%s holds state hashes", file).isNotEmpty();
            assertThat(steps).as("one hash a step, in order").isSorted().doesNotHaveDuplicates();
            return new Steps(steps.get(0), steps.get(steps.size() - 1), steps.size(), firstClock, metadata);
        }
    }

    private long simTime() {
        return runner.reads().status().simTimeNanos();
    }

    private void awaitSimTime(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // a guard, not a measure
        while (simTime() < nanos) {
            assertThat(System.nanoTime()).as("sim time %d ns reached", nanos).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    /** Waits for the recording under way into a file whose name starts with {@code prefix}. */
    private Path awaitRecording(String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measure
        while (true) {
            var now = recorder.current().map(Recording::file);
            if (now.isPresent() && now.get().getFileName().toString().startsWith(prefix)) {
                assertThat(now.get().getParent()).isEqualTo(RECORDINGS);
                return now.get();
            }
            assertThat(System.nanoTime())
                    .as("a recording into %s… under way (now: %s)", prefix, now)
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
