package io.orrery.app;

import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;

/** The files a world is read from, as a recording keeps them to be run again. */
public final class WorldSources {

    private final SdfReader reader;

    public WorldSources(SdfReader reader) {
        this.reader = reader;
    }

    /** The world file and every SDF file it includes (model.config files too), absolute, each once; reads it again. */
    public List<Path> filesOf(Path world) {
        return reader.filesOf(world);
    }

    /** The directories {@code model://} includes are searched in, in order. */
    public List<Path> modelPath() {
        return reader.modelPath();
    }
}
