package io.orrery.world;

import java.util.Objects;

/**
 * A {@code <performer>} of gz-sim's server configuration in a world ({@code <plugin name="gz::sim">}): a model that
 * detectors and levels follow, with the box it occupies, centred on the model's origin and aligned with the world's
 * axes (gz-sim's levels and PerformerDetector use only a box).
 *
 * @param name the performer's name
 * @param ref the name of the top-level model it follows (which may be spawned later)
 * @param size the box's size (m), each positive
 * @param line the element's line, for messages
 */
public record PerformerSpec(String name, String ref, Vec3 size, int line) {

    public PerformerSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(size, "size");
    }
}
