package io.orrery.physics.rigid;

import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * The two angles of a joint with a second axis, measured from the bodies' frames and unwrapped, and their rates:
 * <ul>
 * <li>universal and revolute2: the child turns by θ1 about the first axis, carried by the parent, then by θ2 about
 * the second, carried by the child (two hinges in series, as DART's UniversalJoint and ODE's hinge2 do). In the joint
 * frame {@link JointFrame} gives (Z the first axis, the second in the XZ plane at ψ from X) the child's rotation is
 * M = Rz(θ1)·Rot(a2, θ2), so M·Ry(ψ) = Rz(θ1)·Ry(ψ)·Rx(θ2): the angles are read as Z-Y-X angles, the middle one
 * fixed at ψ while the joint holds;</li>
 * <li>gearbox: θ1 is the parent's rotation against the reference body about the first axis, θ2 the child's about the
 * second (SDF's gearbox_reference_body), both axes carried by the reference body.</li>
 * </ul>
 */
public final class AxisPair {

    private static final Vec3 X = new Vec3(1, 0, 0);
    private static final Vec3 Y = new Vec3(0, 1, 0);

    private final Joint<?> joint;
    private final boolean gearbox;
    /** Universal: the second axis in the joint frame as the child carries it at zero, and Ry(ψ). */
    private final Vec3 second;

    private final Quat tilt;
    /** Gearbox: the reference body (null for the world), the axes in its body frame, the start orientations. */
    private final Link reference;

    private final Vec3 axis1InReference;
    private final Vec3 axis2InReference;
    private final Quat parentAtStart;
    private final Quat childAtStart;
    /** The unwrapped angles after the last step, the references for unwrapping the next readings. */
    private double angle1;

    private double angle2;

    AxisPair(Joint<?> joint, Link reference) {
        this.joint = joint;
        this.gearbox = joint.spec().type() == JointType.GEARBOX;
        this.reference = reference;
        if (gearbox) {
            Quat ref = orientation(reference).conjugate();
            Quat jointWorld = joint.childFrame().rotation();
            this.axis1InReference =
                    ref.rotate(jointWorld.rotate(joint.spec().axis().normalized()));
            this.axis2InReference = ref.rotate(
                    jointWorld.rotate(joint.spec().axis2().orElseThrow().xyz().normalized()));
            this.parentAtStart = ref.times(orientation(joint.parent()));
            this.childAtStart = ref.times(orientation(joint.child()));
            this.second = null;
            this.tilt = null;
        } else {
            this.second = JointFrame.secondAxis(joint.spec());
            this.tilt = Quat.fromAxisAngle(Y, JointFrame.secondAxisTilt(joint.spec()));
            this.axis1InReference = null;
            this.axis2InReference = null;
            this.parentAtStart = null;
            this.childAtStart = null;
        }
    }

    private static Quat orientation(Link link) {
        return link == null ? Quat.IDENTITY : link.comPose().rotation();
    }

    private static Vec3 spin(Link link) {
        return link == null ? Vec3.ZERO : link.angularVelocity();
    }

    /** The first angle now, unwrapped against the last step's. */
    public double position1() {
        return angle1 + Joint.wrap(raw()[0] - angle1);
    }

    /** The second angle now, unwrapped against the last step's. */
    public double position2() {
        return angle2 + Joint.wrap(raw()[1] - angle2);
    }

    /** Both angles in (-π, π], as the frames give them. */
    private double[] raw() {
        if (gearbox) {
            Quat ref = orientation(reference).conjugate();
            return new double[] {
                twist(ref.times(orientation(joint.parent())).times(parentAtStart.conjugate()), axis1InReference),
                twist(ref.times(orientation(joint.child())).times(childAtStart.conjugate()), axis2InReference)
            };
        }
        Quat m = joint.parentFrame()
                .rotation()
                .conjugate()
                .times(joint.childFrame().rotation())
                .times(tilt);
        Vec3 c0 = m.rotate(X);
        Vec3 c1 = m.rotate(Y);
        Vec3 c2 = m.rotate(Vec3.UNIT_Z);
        return new double[] {Math.atan2(c0.y(), c0.x()), Math.atan2(c1.z(), c2.z())};
    }

    /** The rotation's turn about a unit axis (its twist), in (-2π, 2π]. */
    private static double twist(Quat q, Vec3 axis) {
        return 2 * Math.atan2(q.x() * axis.x() + q.y() * axis.y() + q.z() * axis.z(), q.w());
    }

    /** The first axis in the world: carried by the parent (universal) or by the reference body (gearbox). */
    public Vec3 axis1() {
        return gearbox
                ? orientation(reference).rotate(axis1InReference)
                : joint.parentFrame().rotation().rotate(Vec3.UNIT_Z);
    }

    /** The second axis in the world: carried by the child (universal) or by the reference body (gearbox). */
    public Vec3 axis2() {
        return gearbox
                ? orientation(reference).rotate(axis2InReference)
                : joint.childFrame().rotation().rotate(second);
    }

    /**
     * A universal joint's direction along which the child's spin relative to the parent is the first angle's rate:
     * the first axis less the second's share, over 1 - c² (c the axes' cosine), so that it is blind to the second
     * angle's rate. {@code index} 0 or 1.
     */
    public Vec3 rateDirection(int index) {
        Vec3 a1 = axis1();
        Vec3 a2 = axis2();
        double c = a1.dot(a2);
        double scale = 1 / (1 - c * c);
        return index == 0
                ? a1.minus(a2.times(c)).times(scale)
                : a2.minus(a1.times(c)).times(scale);
    }

    /** The first angle's rate, rad/s. */
    public double velocity1() {
        if (gearbox) {
            return spin(joint.parent()).minus(spin(reference)).dot(axis1());
        }
        return spin(joint.child()).minus(spin(joint.parent())).dot(rateDirection(0));
    }

    /** The second angle's rate, rad/s. */
    public double velocity2() {
        if (gearbox) {
            return spin(joint.child()).minus(spin(reference)).dot(axis2());
        }
        return spin(joint.child()).minus(spin(joint.parent())).dot(rateDirection(1));
    }

    /** The gearbox's reference body, null for the world (and for universal joints). */
    public Link reference() {
        return reference;
    }

    /** The angles set (a reset, or a saved state): the references for unwrapping the next readings. */
    void reset(double first, double second) {
        angle1 = first;
        angle2 = second;
    }

    /** After a step: the new references for unwrapping. */
    void track() {
        double a = position1();
        double b = position2();
        angle1 = a;
        angle2 = b;
    }
}
