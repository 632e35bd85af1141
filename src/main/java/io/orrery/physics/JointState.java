package io.orrery.physics;

import io.orrery.world.JointSpec.JointType;

/**
 * A joint's state at one instant, along its axis, in SI units: radians and rad/s for revolute, continuous, screw,
 * universal, revolute2 and gearbox joints, metres and m/s for prismatic ones. Fixed and ball joints report zeros.
 * Universal, revolute2 and gearbox joints have a second axis, {@link #axis2()}.
 *
 * @param name the joint name, scoped within its top-level model ({@code joint} or {@code nested::joint})
 * @param type the joint type
 * @param position the child's displacement from where it was built; unwrapped (it goes past ±π). A screw's is its
 *     rotation (it advances pitch·position/2π along its axis); a gearbox's is the parent's rotation against the
 *     reference body about the first axis
 * @param velocity the child's velocity relative to the parent along the axis (a gearbox's: the parent's against the
 *     reference body)
 * @param effort the effort (N·m or N) the joint applied in the last step: the force command, damping,
 *     friction and the velocity servo's effort, limit reactions not included
 * @param axis2 the second axis's state (a gearbox's: the child's rotation against the reference body), null for
 *     joints of one axis
 */
public record JointState(String name, JointType type, double position, double velocity, double effort, Axis axis2) {

    /** A joint of one axis (or none). */
    public JointState(String name, JointType type, double position, double velocity, double effort) {
        this(name, type, position, velocity, effort, null);
    }

    /**
     * The state along a second axis.
     *
     * @param position rad, unwrapped, from where the joint was built
     * @param velocity rad/s
     * @param effort N·m, damping and friction along the axis in the last step
     */
    public record Axis(double position, double velocity, double effort) {}
}
