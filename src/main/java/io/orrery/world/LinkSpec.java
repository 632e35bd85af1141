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
 * @param selfCollide true when the link collides with the other links of its top-level model (its own
 *     {@code <self_collide>}, else its model's; SDF's default false): two links of one model collide when either
 *     does, and jointed links never
 */
public record LinkSpec(
        String name,
        Pose pose,
        Optional<InertialSpec> inertial,
        List<CollisionSpec> collisions,
        List<SensorSpec> sensors,
        boolean selfCollide) {

    public LinkSpec {
        collisions = List.copyOf(collisions);
        sensors = List.copyOf(sensors);
    }

    /** A link that does not collide with its model's other links, SDF's default. */
    public LinkSpec(
            String name,
            Pose pose,
            Optional<InertialSpec> inertial,
            List<CollisionSpec> collisions,
            List<SensorSpec> sensors) {
        this(name, pose, inertial, collisions, sensors, false);
    }

    /** A link without sensors. */
    public LinkSpec(String name, Pose pose, Optional<InertialSpec> inertial, List<CollisionSpec> collisions) {
        this(name, pose, inertial, collisions, List.of());
    }
}
