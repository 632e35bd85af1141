package io.orrery.world;

import java.util.Objects;
import java.util.Optional;

/**
 * A top-level model as it is now, for writing the running world back to SDF.
 *
 * @param name the model name
 * @param pose the model frame in the world frame
 * @param isStatic whether the model is static now
 * @param spawnedSpec the model as spawned at runtime; empty for a model the world file holds
 * @param spawnedSnippet the SDF text the model was spawned from, if it came from one: written back (with the name,
 *     pose and static flag of this snapshot) in preference to {@code spawnedSpec}, which holds only what the
 *     records keep (an element the reader passes over, such as a visual's {@code <meta>}, is lost)
 */
public record ModelSnapshot(
        String name, Pose pose, boolean isStatic, Optional<ModelSpec> spawnedSpec, Optional<String> spawnedSnippet) {

    public ModelSnapshot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(pose, "pose");
        Objects.requireNonNull(spawnedSpec, "spawnedSpec");
        Objects.requireNonNull(spawnedSnippet, "spawnedSnippet");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a model snapshot needs a name");
        }
        if (spawnedSnippet.isPresent() && spawnedSpec.isEmpty()) {
            throw new IllegalArgumentException("model '" + name + "': a spawn snippet needs the spec read from it");
        }
    }

    /** A model of the world file, at its current pose. */
    public static ModelSnapshot loaded(String name, Pose pose, boolean isStatic) {
        return new ModelSnapshot(name, pose, isStatic, Optional.empty(), Optional.empty());
    }

    /** A model spawned at runtime from a spec (no SDF text kept). */
    public static ModelSnapshot spawned(ModelSpec spec, Pose pose, boolean isStatic) {
        return new ModelSnapshot(spec.name(), pose, isStatic, Optional.of(spec), Optional.empty());
    }

    /** A model spawned at runtime from an SDF snippet, with the spec the reader made of it. */
    public static ModelSnapshot spawned(ModelSpec spec, String snippet, Pose pose, boolean isStatic) {
        return new ModelSnapshot(spec.name(), pose, isStatic, Optional.of(spec), Optional.of(snippet));
    }

    /** True when the model was spawned at runtime rather than read from the world file. */
    public boolean isSpawned() {
        return spawnedSpec.isPresent();
    }
}
