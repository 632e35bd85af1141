package io.orrery.runner.port;

import io.orrery.world.WorldSpec;
import java.nio.file.Path;

/** Reads a world file into a {@link WorldSpec}; throws (for example an {@code SdfException}) when it cannot. */
@FunctionalInterface
public interface WorldLoader {

    WorldSpec load(Path file);
}
