package io.orrery.transport.record;

import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.log.LogSafe;
import io.orrery.system.logrecord.LogRecordSettings;
import io.orrery.transport.scene.SceneTopics;
import io.orrery.world.PluginSpec;
import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world's LogRecord {@code <plugin>} starts an MCAP recording of the run, as Gazebo's starts its log: once per world
 * loaded, into {@code orrery.record.directory} (never where the world file says: a world may come from a request),
 * named after the world and the UTC time, with the topics its {@code <record_topic>}s select. A recording already
 * under way (orrery.record.path, the report's, one started over HTTP) is the one recording: the configuration wins and
 * the world's element is reported as covered. A reset goes on in the same file; a reload ends the world's recording
 * and, if the new world asks, starts another. Runs on the runner's thread as a world starts (before its first step)
 * and on the recorder's sync thread.
 */
final class WorldLogRecord {

    private static final Logger log = LoggerFactory.getLogger(WorldLogRecord.class);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private final Recorder recorder;
    private final WorldFiles files;
    private final Path directory;
    private final Clock clock;
    private WorldSpec seen;
    /** The file of the recording this class started, while it is under way. */
    private Path ours;

    WorldLogRecord(Recorder recorder, WorldFiles files, Path directory, Clock clock) {
        this.recorder = recorder;
        this.files = files;
        this.directory = directory;
        this.clock = clock;
    }

    /** Looks for a newly loaded world, and starts or ends the world's recording as it asks. */
    synchronized void tick() {
        WorldSpec world;
        try {
            world = files.loaded(WorldId.DEFAULT);
        } catch (IllegalStateException notYet) {
            return;
        }
        if (world == seen) {
            return;
        }
        WorldSpec before = seen;
        seen = world;
        if (ours != null && before != null) { // a reload ends it before the tick may have captured the scene
            recorder.sceneIfMissing(before.models());
        }
        endOurs();
        Optional<PluginSpec> plugin =
                world.plugins().stream().filter(LogRecordSettings::isLogRecord).findFirst();
        if (plugin.isEmpty()) {
            return;
        }
        LogRecordSettings settings;
        try {
            settings = LogRecordSettings.of(plugin.get());
        } catch (IllegalArgumentException e) { // the plugin fails with the same words: nothing is recorded
            return;
        }
        Optional<Recording> underWay = recorder.current();
        if (underWay.isPresent()) {
            log.info(
                    "LogRecord in world '{}': the recording under way into {} covers it (one recording at a time;"
                            + " the configuration's wins)",
                    LogSafe.of(world.name()),
                    underWay.get().file());
            return;
        }
        Path file = directory.resolve(fileName(world.name(), ""));
        for (int n = 2; Files.exists(file) && n < 100; n++) { // two loads in one second: never over a kept file
            file = directory.resolve(fileName(world.name(), "-" + n));
        }
        settings.path()
                .ifPresent(p -> log.info(
                        "LogRecord in world '{}': <record_path> '{}' is not written to; the recording goes to"
                                + " orrery.record.directory ({})",
                        LogSafe.of(world.name()),
                        LogSafe.of(p),
                        directory.toAbsolutePath()));
        Predicate<String> scene = name -> name.equals(SceneTopics.SCENE) || name.equals(SceneTopics.TRANSFORMS);
        try {
            Files.createDirectories(directory);
            recorder.start(file, settings.selection().or(scene));
            ours = file;
        } catch (IOException | IllegalStateException e) {
            log.error(
                    "LogRecord in world '{}': cannot record into {} (orrery.record.directory): {}; the run goes on"
                            + " unrecorded",
                    LogSafe.of(world.name()),
                    file.toAbsolutePath(),
                    e.toString());
        }
    }

    /** Ends the recording this class started, when it is still the one under way. */
    synchronized void endOurs() {
        if (ours == null) {
            return;
        }
        Path file = ours;
        ours = null;
        if (recorder.current().filter(r -> r.file().equals(file)).isPresent()) {
            try {
                recorder.stop();
            } catch (IOException e) {
                log.error("LogRecord: cannot finish {}: {}", file.toAbsolutePath(), e.getMessage());
            }
        }
    }

    /** The world's name, kept to letters, digits, '_' and '-', and the time: one path segment. */
    private String fileName(String world, String suffix) {
        String safe = world.replaceAll("[^A-Za-z0-9_-]", "_");
        if (safe.length() > 64) {
            safe = safe.substring(0, 64);
        }
        return safe + "-" + STAMP.format(clock.instant().atOffset(ZoneOffset.UTC)) + suffix + ".mcap";
    }
}
