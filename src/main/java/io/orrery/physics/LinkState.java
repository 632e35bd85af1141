package io.orrery.physics;

import io.orrery.world.Pose;
import java.util.List;

/**
 * A link's state at one instant.
 *
 * @param name the link name, scoped within its top-level model ({@code link} or {@code nested::link})
 * @param pose the link frame in the world frame
 * @param velocity the link's velocity in the world frame
 * @param sleeping true when the body is deactivated (asleep)
 * @param shapes what each of the link's collisions became in the engine, in order (collisions that make no shape
 *     left out)
 */
public record LinkState(String name, Pose pose, Twist velocity, boolean sleeping, List<ShapeInfo> shapes) {

    public LinkState {
        shapes = List.copyOf(shapes);
    }

    /** A link state without shape information. */
    public LinkState(String name, Pose pose, Twist velocity, boolean sleeping) {
        this(name, pose, velocity, sleeping, List.of());
    }
}
