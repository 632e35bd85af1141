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
 * @param sensors the link's {@code <sensor>} elements, simulated or not
 */
public record LinkSpec(String name, Pose pose, Optional<InertialSpec> inertial, List<CollisionSpec> collisions,
        List<SensorSpec> sensors) {

    public LinkSpec {
        collisions = List.copyOf(collisions);
        sensors = List.copyOf(sensors);
    }

    /** A link without sensors. */
    public LinkSpec(String name, Pose pose, Optional<InertialSpec> inertial, List<CollisionSpec> collisions) {
        this(name, pose, inertial, collisions, List.of());
    }
}
