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
 * @param dynamics {@code <axis><dynamics>}
 */
public record JointSpec(String name, JointType type, String parent, String child, Pose pose, Vec3 axis,
        JointLimits limits, JointDynamics dynamics) {

    /** The parent name that means the world frame. */
    public static final String WORLD = "world";

    /** A joint without {@code <dynamics>}: no damping, no friction. */
    public JointSpec(String name, JointType type, String parent, String child, Pose pose, Vec3 axis,
            JointLimits limits) {
        this(name, type, parent, child, pose, axis, limits, JointDynamics.NONE);
    }

    /**
     * SDF's joint types. Universal, revolute2, screw and gearbox are read (their first axis, limits and dynamics)
     * but no engine of Orrery's simulates them yet: a world holding one is refused when its physics is built, naming
     * the joint and the engine, rather than the joint being dropped.
     */
    public enum JointType {
        REVOLUTE, PRISMATIC, FIXED, BALL, CONTINUOUS, UNIVERSAL, REVOLUTE2, SCREW, GEARBOX;

        /** True for the types the engines simulate. */
        public boolean isSimulated() {
            return switch (this) {
                case REVOLUTE, PRISMATIC, FIXED, BALL, CONTINUOUS -> true;
                case UNIVERSAL, REVOLUTE2, SCREW, GEARBOX -> false;
            };
        }
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

    /**
     * The joint's own dissipation along its axis, SDF units (N·m·s/rad or N·s/m; N·m or N).
     *
     * @param damping viscous damping coefficient: the joint feels {@code -damping·velocity}
     * @param friction Coulomb friction: up to this much effort against the motion
     * @param springReference the spring's rest position (read, not simulated)
     * @param springStiffness the spring's stiffness (read, not simulated)
     */
    public record JointDynamics(double damping, double friction, double springReference, double springStiffness) {

        public static final JointDynamics NONE = new JointDynamics(0, 0, 0, 0);
    }
}
