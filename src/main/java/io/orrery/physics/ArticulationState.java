package io.orrery.physics;

import java.util.Optional;

/**
 * How a model's joints are held: the mode its world asked for, the mode it got, and why it fell back when the two
 * differ (a loop of joints, a joint type the mode lacks).
 *
 * @param requested the world's {@code orrery.physics.articulation}
 * @param mode the mode the model's joints run in
 * @param fallback why the model runs in {@code mode} rather than {@code requested}; empty when they are the same
 */
public record ArticulationState(Articulation requested, Articulation mode, Optional<String> fallback) {

    /** A model in the mode its world asked for. */
    public static ArticulationState as(Articulation mode) {
        return new ArticulationState(mode, mode, Optional.empty());
    }

    /** A model that asked for {@code requested} and fell back to plain constraints. */
    public static ArticulationState fellBack(Articulation requested, String why) {
        return new ArticulationState(requested, Articulation.CONSTRAINTS, Optional.of(why));
    }
}
