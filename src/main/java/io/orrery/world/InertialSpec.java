package io.orrery.world;

import java.util.Optional;

/**
 * An {@code <inertial>}.
 *
 * @param mass kilograms; 0 means the link is static (a positive number otherwise)
 * @param pose the centre of mass frame in the link frame
 * @param inertia the inertia tensor about the centre of mass, when given; else computed from the shape
 */
public record InertialSpec(double mass, Pose pose, Optional<Inertia> inertia) {

    /** The inertia tensor's six independent components, kg·m². */
    public record Inertia(double ixx, double ixy, double ixz, double iyy, double iyz, double izz) {}
}
