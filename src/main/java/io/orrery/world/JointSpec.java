package io.orrery.world;

import java.util.List;
import java.util.Optional;

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
 * @param axis2 {@code <axis2>}, for universal, revolute2 and gearbox joints (empty for the others)
 * @param screwThreadPitch a screw's advance along its axis per turn, m/rev, positive for a right-handed thread
 *     (SDF 1.10's {@code <screw_thread_pitch>}; from the older {@code <thread_pitch>} t as -2π/t); 1 by default
 * @param gearboxRatio a gearbox's {@code <gearbox_ratio>} r: θ2 = -r·θ1; 1 by default
 * @param gearboxReference a gearbox's {@code <gearbox_reference_body>}, a link scoped as {@code parent} is, or
 *     {@code world}; empty for the other types
 * @param sensors the joint's {@code <sensor>} elements (a {@code force_torque} sensor), simulated or not; their poses
 *     are in the joint frame
 */
public record JointSpec(
        String name,
        JointType type,
        String parent,
        String child,
        Pose pose,
        Vec3 axis,
        JointLimits limits,
        JointDynamics dynamics,
        Optional<SecondAxis> axis2,
        double screwThreadPitch,
        double gearboxRatio,
        String gearboxReference,
        List<SensorSpec> sensors) {

    /** The parent name that means the world frame. */
    public static final String WORLD = "world";

    public JointSpec {
        axis2 = axis2 == null ? Optional.empty() : axis2;
        gearboxReference = gearboxReference == null ? "" : gearboxReference;
        sensors = sensors == null ? List.of() : List.copyOf(sensors);
    }

    /** A joint of one axis (or none): SDF's defaults for the other types' parameters. */
    public JointSpec(
            String name,
            JointType type,
            String parent,
            String child,
            Pose pose,
            Vec3 axis,
            JointLimits limits,
            JointDynamics dynamics) {
        this(name, type, parent, child, pose, axis, limits, dynamics, Optional.empty(), 1, 1, "", List.of());
    }

    /** A joint without {@code <dynamics>}: no damping, no friction. */
    public JointSpec(
            String name, JointType type, String parent, String child, Pose pose, Vec3 axis, JointLimits limits) {
        this(name, type, parent, child, pose, axis, limits, JointDynamics.NONE);
    }

    /** SDF's joint types; every one is simulated on both engines. */
    public enum JointType {
        REVOLUTE,
        PRISMATIC,
        FIXED,
        BALL,
        CONTINUOUS,
        UNIVERSAL,
        REVOLUTE2,
        SCREW,
        GEARBOX;

        /** True for the types that have an {@code <axis2>}: universal, revolute2 and gearbox. */
        public boolean hasSecondAxis() {
            return this == UNIVERSAL || this == REVOLUTE2 || this == GEARBOX;
        }
    }

    /**
     * {@code <axis2>}: the second axis of a universal or revolute2 joint (carried by the child; the first is carried
     * by the parent), or the axis of a gearbox's child.
     *
     * @param xyz the axis in the joint frame, unit length
     * @param limits its {@code <limit>}
     * @param dynamics its {@code <dynamics>}
     */
    public record SecondAxis(Vec3 xyz, JointLimits limits, JointDynamics dynamics) {}

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
