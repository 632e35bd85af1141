package io.orrery.physics;

import io.orrery.world.JointSpec.JointType;

/**
 * A joint's state at one instant, along its axis, in SI units: radians and rad/s for revolute and continuous
 * joints, metres and m/s for prismatic ones. Fixed and ball joints report zeros.
 *
 * @param name the joint name, scoped within its top-level model ({@code joint} or {@code nested::joint})
 * @param type the joint type
 * @param position the child's displacement from where it was built; unwrapped (it goes past ±π)
 * @param velocity the child's velocity relative to the parent along the axis
 * @param effort the effort (N·m or N) the joint applied in the last step: the force command, damping,
 *     friction and the velocity servo's effort, limit reactions not included
 */
public record JointState(String name, JointType type, double position, double velocity, double effort) {
}
