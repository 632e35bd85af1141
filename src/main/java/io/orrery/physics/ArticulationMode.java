package io.orrery.physics;

import java.util.Arrays;
import java.util.Locale;

/**
 * How jointed links move ({@code orrery.physics.articulation}): in {@link #REDUCED} coordinates, where every jointed
 * tree moves exactly as its joints allow (Gazebo's DART and bullet-featherstone do the same), or as free bodies held
 * together by the engine's {@link #CONSTRAINTS}, which give a little. A model whose joints cannot be articulated
 * (a loop, a joint type the mode lacks) falls back to constraints and says so in its state.
 */
public enum ArticulationMode {

    /** Joint positions and velocities are the state; the engine's impulses act through them. */
    REDUCED,
    /** Every link a free body; joints are the engine's constraints. */
    CONSTRAINTS;

    /** The mode's name as {@code orrery.physics.articulation} spells it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode of that name, case-insensitive; throws naming the choices. */
    public static ArticulationMode named(String name) {
        for (ArticulationMode mode : values()) {
            if (mode.id().equals(name == null ? "" : name.trim().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new IllegalArgumentException("orrery.physics.articulation must be one of "
                + String.join(", ", Arrays.stream(values()).map(ArticulationMode::id).toList()) + ", got '" + name
                + "'");
    }
}
