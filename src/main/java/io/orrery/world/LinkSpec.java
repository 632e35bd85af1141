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
 * @param visuals the link's {@code <visual>} elements: what cameras draw
 * @param lights the link's {@code <light>} elements, their poses in the link frame
 * @param enableWind true when the world's wind acts on the link (its own {@code <enable_wind>}, or its model's;
 *     SDF's default false), as gz-sim's WindEffects system reads it
 */
public record LinkSpec(
        String name,
        Pose pose,
        Optional<InertialSpec> inertial,
        List<CollisionSpec> collisions,
        List<SensorSpec> sensors,
        boolean selfCollide,
        List<VisualSpec> visuals,
        List<LightSpec> lights,
        boolean enableWind) {

    public LinkSpec {
        collisions = List.copyOf(collisions);
        sensors = List.copyOf(sensors);
        visuals = List.copyOf(visuals);
        lights = List.copyOf(lights);
    }

    /** A link without visuals or lights, which the wind does not move (SDF's default). */
    public LinkSpec(
            String name,
            Pose pose,
            Optional<InertialSpec> inertial,
            List<CollisionSpec> collisions,
            List<SensorSpec> sensors,
            boolean selfCollide) {
        this(name, pose, inertial, collisions, sensors, selfCollide, List.of(), List.of(), false);
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
