package io.orrery.world.sdf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The directories searched for {@code model://name}: each holds model directories with model.config or model.sdf. */
record ModelPath(List<Path> directories) {

    ModelPath {
        directories = List.copyOf(directories);
    }

    /** The directories of an environment value such as GZ_SIM_RESOURCE_PATH: ':'-separated, blanks skipped. */
    static List<Path> parse(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(value.split(":")).map(String::strip).filter(s -> !s.isEmpty())
                .map(Path::of).toList();
    }

    /** The first directory {@code <dir>/<name>} in the path, if any. */
    Optional<Path> find(String name) {
        for (Path dir : directories) {
            Path candidate = dir.resolve(name);
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    static boolean isRemote(String uri) {
        String lower = uri.toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://");
    }

    @Override
    public String toString() {
        return directories.toString();
    }
}
