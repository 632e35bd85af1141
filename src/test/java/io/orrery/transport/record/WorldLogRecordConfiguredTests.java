package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One recording at a time, and the configuration's wins: with {@code orrery.record.path} set, gz-sim's
 * {@code log_record_shapes.sdf} is recorded into that file only, its LogRecord reported as covered by it, and nothing
 * is written into {@code orrery.record.directory}.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.transport.enabled=false"
        })
class WorldLogRecordConfiguredTests {

    static final Path DIR = worlds();
    static final Path CONFIGURED = DIR.resolve("configured.mcap");
    static final Path RECORDINGS = DIR.resolve("recordings");

    @Autowired
    Recorder recorder;

    @Autowired
    WorldFiles files;

    @Autowired
    RecordConfiguration configuration;

    static Path worlds() {
        try {
            Path dir = Files.createTempDirectory("orrery-logrecord-configured");
            Files.copy(
                    WorldLogRecordTests.EXAMPLES.resolve("log_record_shapes.sdf"),
                    dir.resolve("log_record_shapes.sdf"));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", DIR::toString);
        registry.add("orrery.world", () -> DIR.resolve("log_record_shapes.sdf").toString());
        registry.add("orrery.record.path", CONFIGURED::toString);
        registry.add("orrery.record.directory", RECORDINGS::toString);
    }

    @Test
    void theConfiguredRecordingIsTheOnlyOne() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measure
        while (true) {
            try {
                assertThat(files.loaded(WorldId.DEFAULT).name()).isEqualTo("shapes");
                break;
            } catch (IllegalStateException notYet) {
                assertThat(System.nanoTime()).as("the world loads").isLessThan(deadline);
                Thread.sleep(20);
            }
        }
        // the recorder's look at the loaded world, here rather than waiting for its sync thread's
        configuration.tick();
        assertThat(recorder.current())
                .hasValueSatisfying(r -> assertThat(r.file()).isEqualTo(CONFIGURED));
        assertThat(RECORDINGS).satisfiesAnyOf(d -> assertThat(d).doesNotExist(), d -> {
            try (Stream<Path> in = Files.list(d)) {
                assertThat(in.toList()).isEmpty();
            }
        });
        recorder.stop();
        assertThat(CONFIGURED).isRegularFile();
    }
}
