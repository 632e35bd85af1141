package io.orrery.runner;

import io.orrery.world.WorldSpec;
import java.nio.file.Path;

/** Where the runner gets its world from: read on the runner thread when the run starts. */
public interface WorldSource {

    /** The file named for messages and reports. */
    Path file();

    /** Reads the world; throws (for example an {@code SdfException}) when it cannot. */
    WorldSpec load();
}
