package io.orrery.transport.record;

import io.orrery.app.WorldSources;
import io.orrery.ops.OrreryProperties;
import io.orrery.transport.record.mcap.McapAttachment;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What a recording keeps to be run again ({@code --orrery.replay}): the world file and every SDF file it includes as
 * attachments (named by their absolute paths), the settings that decide what the run does, and the journal of
 * commands and state hashes ({@link ReplayJournal}).
 */
final class ReplaySetup implements Recorder.Extra {

    /** The most bytes of world files a recording attaches (docs/limits.md). */
    static final long MAX_WORLD_FILES_BYTES = 64L << 20;

    private final OrreryProperties properties;
    private final WorldSources reader;
    private final Supplier<Path> worldFile;
    private final ReplayJournal journal;

    ReplaySetup(OrreryProperties properties, WorldSources reader, Supplier<Path> worldFile, ReplayJournal journal) {
        this.properties = properties;
        this.reader = reader;
        this.worldFile = worldFile;
        this.journal = journal;
    }

    @Override
    public void started(Recording recording) throws IOException {
        Path world = worldFile.get().toAbsolutePath().normalize();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("world", world.toString());
        settings.put(
                "model_path",
                reader.modelPath().stream()
                        .map(p -> p.toAbsolutePath().normalize().toString())
                        .collect(Collectors.joining(File.pathSeparator)));
        settings.put("engine", properties.physics().engine());
        settings.put("articulation", properties.physics().articulation());
        if (properties.stepSize() != null) {
            settings.put("step_size_nanos", Long.toString(properties.stepSize().toNanos()));
        }
        if (properties.realTimeFactor() != null) {
            settings.put("real_time_factor", Double.toString(properties.realTimeFactor()));
        }
        settings.put("seed", Long.toString(properties.seed()));
        settings.put("parallel_post_update", Boolean.toString(properties.parallelPostUpdate()));
        List<Path> files;
        try {
            files = reader.filesOf(world);
        } catch (RuntimeException e) { // the world file changed since it was loaded: replay will say so
            files = List.of(world);
            settings.put("files_unread", e.getMessage());
        }
        long total = 0;
        int attached = 0;
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            total += bytes.length;
            if (total > MAX_WORLD_FILES_BYTES) {
                settings.put(
                        "files_over",
                        "the world's files pass " + (MAX_WORLD_FILES_BYTES >> 20) + " MiB; " + f
                                + " and after left out");
                break;
            }
            recording.attach(new McapAttachment(0, 0, f.toString(), "application/xml", bytes));
            attached++;
        }
        settings.put("files", Integer.toString(attached));
        journal.begin(recording, settings);
    }

    @Override
    public void ending(Recording recording) {
        journal.end();
    }
}
