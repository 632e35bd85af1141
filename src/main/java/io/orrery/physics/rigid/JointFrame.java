package io.orrery.physics.rigid;

import io.orrery.world.JointSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * Where a joint's frame is: computed from the links' poses at creation, so that the joint's zero position is the
 * configuration the links are in then, and turned so that the axis is the engines' own: Z for a hinge or a screw, X
 * for a slider; for a universal or revolute2 joint Z along the first axis and X along the second's part square to
 * it.
 */
public final class JointFrame {

    private static final Vec3 UNIT_X = new Vec3(1, 0, 0);

    private JointFrame() {}

    /**
     * A joint ready for an engine to constrain: its links and its frame in each body's centre-of-mass frame.
     *
     * @param where the joint, for messages: {@code model 'm' joint 'j'}
     * @param name the joint name, scoped within its top-level model
     * @param spec the joint
     * @param parent the parent link, null for the world
     * @param child the child link
     * @param inParent the joint {@link #frame} in the parent's centre-of-mass frame (in the world for null)
     * @param inChild the joint frame in the child's centre-of-mass frame
     * @param reference a gearbox's reference body, null for the world and for the other types
     * @param <L> the engine's link type
     */
    public record Placed<L extends Link>(
            String where, String name, JointSpec spec, L parent, L child, Pose inParent, Pose inChild, L reference) {

        /** A joint that is not a gearbox. */
        public Placed(String where, String name, JointSpec spec, L parent, L child, Pose inParent, Pose inChild) {
            this(where, name, spec, parent, child, inParent, inChild, null);
        }
    }

    /**
     * The joint frame in the world at creation, turned so that the axis is Z for a hinge and X for a slider; the
     * joint frame itself for fixed and ball joints.
     *
     * @param where the joint, for messages
     * @param joint the joint
     * @param childLinkWorld the child link frame in the world
     */
    public static Pose frame(String where, JointSpec joint, Pose childLinkWorld) {
        Pose jointWorld = childLinkWorld.compose(joint.pose());
        return switch (joint.type()) {
            case REVOLUTE, CONTINUOUS, SCREW ->
                jointWorld.compose(new Pose(Vec3.ZERO, rotationBetween(Vec3.UNIT_Z, axis(where, joint))));
            case PRISMATIC -> jointWorld.compose(new Pose(Vec3.ZERO, rotationBetween(UNIT_X, axis(where, joint))));
            case UNIVERSAL, REVOLUTE2 -> jointWorld.compose(new Pose(Vec3.ZERO, crossFrame(where, joint)));
            case FIXED, BALL, GEARBOX -> jointWorld;
        };
    }

    /** The axis, in the frame {@link #frame} gives, along which the joint moves (unused for fixed and ball). */
    public static Vec3 localAxis(JointSpec.JointType type) {
        return type == JointSpec.JointType.PRISMATIC ? UNIT_X : Vec3.UNIT_Z;
    }

    /**
     * A universal or revolute2 joint's second axis in the frame {@link #frame} gives, as the child carries it when
     * the joint is at zero: {@code (sin, 0, cos)} of the angle between the two axes, in the XZ plane.
     */
    public static Vec3 secondAxis(JointSpec joint) {
        Vec3 a1 = joint.axis().normalized();
        Vec3 a2 = joint.axis2().orElseThrow().xyz().normalized();
        double c = a1.dot(a2);
        return new Vec3(a2.minus(a1.times(c)).length(), 0, c);
    }

    /**
     * The turn about Y that takes the frame {@link #frame} gives a universal joint to the frame the child carries its
     * second axis in, along X: {@code ψ} with {@code (cos ψ, 0, -sin ψ)} the {@link #secondAxis}; 0 when the axes are
     * square.
     */
    public static double secondAxisTilt(JointSpec joint) {
        Vec3 a2 = secondAxis(joint);
        return Math.atan2(-a2.z(), a2.x());
    }

    /** The rotation whose Z is the first axis and whose X is the second axis's part square to the first. */
    private static Quat crossFrame(String where, JointSpec joint) {
        Vec3 a1 = axis(where, joint);
        Vec3 a2 = joint.axis2()
                .orElseThrow(() -> new IllegalArgumentException(where + ": expected an <axis2>"))
                .xyz()
                .normalized();
        Vec3 square = a2.minus(a1.times(a1.dot(a2)));
        if (square.length() < 1e-9) {
            throw new IllegalArgumentException(where + ": <axis> and <axis2> must not be parallel");
        }
        square = square.normalized();
        Quat toZ = rotationBetween(Vec3.UNIT_Z, a1);
        Vec3 x = toZ.rotate(UNIT_X);
        double turn = Math.atan2(x.cross(square).dot(a1), x.dot(square));
        return Quat.fromAxisAngle(a1, turn).times(toZ);
    }

    /** A rotation that maps the local {@code from} axis (unit) onto {@code to} (unit). */
    static Quat rotationBetween(Vec3 from, Vec3 to) {
        Vec3 a = from.normalized();
        Vec3 b = to.normalized();
        double d = a.dot(b);
        if (d > 1 - 1e-12) {
            return Quat.IDENTITY;
        }
        if (d < -1 + 1e-12) {
            // Opposite: a half turn about any axis perpendicular to a.
            Vec3 perp = a.cross(Math.abs(a.x()) < 0.9 ? new Vec3(1, 0, 0) : new Vec3(0, 1, 0));
            return Quat.fromAxisAngle(perp, Math.PI);
        }
        return Quat.fromAxisAngle(a.cross(b), Math.acos(d));
    }

    private static Vec3 axis(String where, JointSpec joint) {
        Vec3 axis = joint.axis();
        if (axis == null || !axis.isFinite() || axis.length() < 1e-9) {
            throw new IllegalArgumentException(where + ": expected a non-zero <axis><xyz>, got " + axis);
        }
        return axis.normalized();
    }
}
