package io.orrery.physics;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a physics world holds a model's links to its joints ({@code orrery.physics.articulation}). Both modes keep the
 * links as rigid bodies joined by the engine's constraints, so contacts, limits, damping, friction, servos and force
 * commands act as before; they differ in what happens after the solver.
 */
public enum Articulation {

    /** The engine's constraints alone: a joint is as rigid as the solver's iterations make it. */
    CONSTRAINTS,

    /**
     * After every step each articulated model's links are put back exactly where their joints' coordinates say, with
     * exactly the velocities those give: no joint opens, nothing moves off a hinge's axis. A model whose joints are
     * not a tree of revolute, continuous, prismatic, fixed and ball joints keeps {@link #CONSTRAINTS}.
     */
    PROJECTED;

    /** The property that chooses the mode. */
    public static final String PROPERTY = "orrery.physics.articulation";
    /**
     * The default mode's name: plain constraints. The projected mode meets Gazebo's tolerances on arms where they do
     * not, but on wheeled robots resting on their contacts it moved measured figures (docs/physics-engines.md has
     * them), so it is chosen per run.
     */
    public static final String DEFAULT_ID = "constraints";
    /** The default mode. */
    public static final Articulation DEFAULT = CONSTRAINTS;

    /** The mode's name as the property gives it: {@code constraints} or {@code projected}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every mode's name. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Articulation::id).toList();
    }

    /**
     * The mode of that name (case and surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the property and the allowed values
     */
    public static Articulation named(String id) {
        String key = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (Articulation mode : values()) {
            if (mode.id().equals(key)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(
                PROPERTY + " must be one of " + String.join(", ", ids()) + ", got '" + id + "'");
    }
}
