package io.orrery.world;

import java.util.List;
import java.util.Optional;

/**
 * A {@code <link>}: a rigid body.
 *
 * @param name link name, unique in its model
 * @param pose pose in the model frame
 * @param inertial mass properties; empty means SDF's default (mass 1, unit inertia)
 * @param collisions collision shapes; several make a compound shape
 */
public record LinkSpec(String name, Pose pose, Optional<InertialSpec> inertial, List<CollisionSpec> collisions) {

    public LinkSpec {
        collisions = List.copyOf(collisions);
    }
}
