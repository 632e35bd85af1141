package io.orrery.ops;

import java.nio.file.Path;
import java.util.Optional;
import org.springframework.core.env.Environment;

/**
 * Where a run records itself from the start: {@code orrery.record.path} when set, else, for a run that writes a
 * report ({@code orrery.report}, every headless run and sweep index), beside it under the report's name with
 * {@code .mcap} ({@code result.json} → {@code result.mcap}) unless {@code orrery.record.beside-report} is false. The
 * recorder starts it and the report names it, by this one rule.
 */
public final class RunRecordingFile {

    private RunRecordingFile() {}

    /** The file, if the run records itself. */
    public static Optional<Path> of(Environment environment, Optional<Path> report) {
        String path = environment.getProperty("orrery.record.path", "");
        if (!path.isBlank()) {
            return Optional.of(Path.of(path));
        }
        if (!environment.getProperty("orrery.record.beside-report", Boolean.class, true)) {
            return Optional.empty();
        }
        return report.map(r -> {
            String name = r.getFileName().toString();
            String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
            return r.resolveSibling(base + ".mcap");
        });
    }
}
