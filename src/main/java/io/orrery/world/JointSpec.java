package io.orrery.world;

/**
 * A {@code <joint>} between two links of one model.
 *
 * @param name joint name
 * @param type the joint type
 * @param parent the parent link, scoped from the joint's model ({@code link} or {@code nested::link}), or
 *     {@code world}
 * @param child the child link, scoped the same way
 * @param pose the joint frame in the child link frame
 * @param axis {@code <axis><xyz>} in the joint frame, unit length (ignored for fixed and ball)
 * @param limits {@code <axis><limit>}
 */
public record JointSpec(String name, JointType type, String parent, String child, Pose pose, Vec3 axis,
        JointLimits limits) {

    /** The parent name that means the world frame. */
    public static final String WORLD = "world";

    public enum JointType {
        REVOLUTE, PRISMATIC, FIXED, BALL, CONTINUOUS
    }

    /**
     * Limits along the axis: radians for revolute, metres for prismatic. SDF's defaults mean "no limit".
     *
     * @param lower lower position limit
     * @param upper upper position limit
     * @param effort maximum effort; negative means unlimited
     * @param velocity maximum speed; negative means unlimited
     */
    public record JointLimits(double lower, double upper, double effort, double velocity) {

        public static final JointLimits NONE = new JointLimits(-1e16, 1e16, -1, -1);

        /** True when lower and upper bound a usable range (not SDF's ±1e16 defaults). */
        public boolean isBounded() {
            return lower > -1e15 && upper < 1e15 && lower <= upper;
        }
    }
}
