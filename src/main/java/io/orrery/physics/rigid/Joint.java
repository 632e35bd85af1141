package io.orrery.physics.rigid;

import io.orrery.physics.JointState;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * A joint between two links ({@code parent} null for the world) and what is commanded for its next step. An engine
 * subclass holds the constraint and the drive that acts along the axis (revolute, continuous and prismatic joints
 * only); it is in the engine's world only while one of its bodies can move.
 *
 * <p>Positions are measured here from the two bodies' frames, not from an engine's hinge angle: the relative
 * rotation's twist about the axis for a hinge, the offset along the axis for a slider. The joint's zero is the
 * configuration it was built in.
 *
 * @param <L> the engine's link type
 */
public abstract class Joint<L extends Link> {

    private final String name;
    private final JointSpec spec;
    private final L parent;
    private final L child;
    private final Pose inParent;
    private final Pose inChild;
    private final Vec3 localAxis;
    private final boolean actuated;
    private final boolean prismatic;

    /** True while the constraint is in the engine's world. */
    private boolean added;
    /** The force command for the next step; zero when none. */
    private double force;
    /** The velocity command for the next step; NaN when none. */
    private double velocityCommand = Double.NaN;
    /** The unwrapped position after the last step (or reset), the reference for unwrapping the next reading. */
    private double position;
    /** The effort applied in the last step. */
    private double effort;
    /** True while the projected articulation finishes the joint's drive in joint space. */
    private boolean articulated;
    /** The effort the joint-space drive applied in the last step (servo, friction, damping). */
    private double articulatedEffort;

    /**
     * @param frame the joint's name, links and frames, as {@link ModelBuilder} found them
     */
    protected Joint(JointFrame.Placed<L> frame) {
        this.name = frame.name();
        this.spec = frame.spec();
        this.parent = frame.parent();
        this.child = frame.child();
        this.inParent = frame.inParent();
        this.inChild = frame.inChild();
        this.localAxis = JointFrame.localAxis(spec.type());
        this.actuated = isActuated(spec.type());
        this.prismatic = spec.type() == JointType.PRISMATIC;
    }

    /** Sets the drive's rows for the next step of {@code dt} seconds from the joint's dynamics and commands. */
    protected abstract void prepareDrive(double dt);

    /** The effort (N·m or N) the drive applied along the axis in the last step of {@code dt} seconds. */
    protected abstract double driveEffort(double dt);

    /**
     * The impulses (N·m·s or N·s, along the axis, on the child) the drive's servo, friction and damping rows applied
     * in the last step, in that order: where the projected articulation's joint-space rows start from, so that
     * together they apply each row's bound once.
     */
    protected abstract double[] driveImpulses();

    /** True while the projected articulation drives the joint. */
    public final boolean isArticulated() {
        return articulated;
    }

    final void setArticulated(boolean articulated) {
        this.articulated = articulated;
    }

    /** The effort the joint-space drive applied in the step just taken, so far. */
    final double articulatedEffort() {
        return articulatedEffort;
    }

    /** The effort the joint-space drive applied in the step just taken. */
    final void setArticulatedEffort(double effort) {
        this.articulatedEffort = effort;
    }

    /** True for the joints that move along an axis: revolute, continuous and prismatic. */
    public static boolean isActuated(JointType type) {
        return switch (type) {
            case REVOLUTE, CONTINUOUS, PRISMATIC -> true;
            case FIXED, BALL, UNIVERSAL, REVOLUTE2, SCREW, GEARBOX -> false;
        };
    }

    public final String name() {
        return name;
    }

    public final JointSpec spec() {
        return spec;
    }

    /** The parent link, or null for the world. */
    public final L parent() {
        return parent;
    }

    public final L child() {
        return child;
    }

    /** The joint frame (axis along {@link #localAxis()}) in the parent's centre-of-mass frame (world for null). */
    public final Pose inParent() {
        return inParent;
    }

    /** The same frame in the child's centre-of-mass frame. */
    public final Pose inChild() {
        return inChild;
    }

    /** The axis in the joint frame: Z for a hinge, X for a slider. */
    public final Vec3 localAxis() {
        return localAxis;
    }

    /** True for revolute, continuous and prismatic joints: the ones with a drive, that take commands. */
    public final boolean isActuated() {
        return actuated;
    }

    public final boolean isPrismatic() {
        return prismatic;
    }

    /** True while the joint's constraints are in the engine's world. */
    public final boolean isAdded() {
        return added;
    }

    final void setAdded(boolean added) {
        this.added = added;
    }

    /** The velocity command for the next step; NaN when none. */
    public final double velocityCommand() {
        return velocityCommand;
    }

    final void command(double velocity) {
        this.velocityCommand = velocity;
    }

    final void push(double force) {
        this.force = force;
    }

    /** The joint frame as the parent carries it, in the world. */
    public final Pose parentFrame() {
        return parent == null ? inParent : parent.comPose().compose(inParent);
    }

    /** The joint frame as the child carries it, in the world. */
    public final Pose childFrame() {
        return child.comPose().compose(inChild);
    }

    /** The axis in the world frame, as the parent carries it. */
    public final Vec3 axis() {
        return parentFrame().rotation().rotate(localAxis);
    }

    /** The position now: unwrapped against the last step's for a hinge. */
    public final double currentPosition() {
        if (!actuated) {
            return 0;
        }
        Pose a = parentFrame();
        Pose b = childFrame();
        if (prismatic) {
            return b.position().minus(a.position()).dot(a.rotation().rotate(localAxis));
        }
        // The twist of the relative rotation about the frame's Z axis (the hinge axis).
        Quat relative = a.rotation().conjugate().times(b.rotation());
        double angle = 2 * Math.atan2(relative.z(), relative.w());
        return position + wrap(angle - position);
    }

    /** The child's velocity relative to the parent along the axis. */
    public final double velocity() {
        if (!actuated) {
            return 0;
        }
        Vec3 axis = axis();
        if (prismatic) {
            Vec3 at = child.comPose().position();
            return child.velocityAt(at).minus(parent == null ? Vec3.ZERO : parent.velocityAt(at)).dot(axis);
        }
        Vec3 parentSpin = parent == null ? Vec3.ZERO : parent.angularVelocity();
        return child.angularVelocity().minus(parentSpin).dot(axis);
    }

    public final JointState state() {
        return new JointState(name, spec.type(), currentPosition(), velocity(), effort);
    }

    /** The velocity command clamped to the joint's speed limit, or NaN when there is none. */
    public final double commandedSpeed() {
        double limit = spec.limits().velocity();
        return limit < 0 ? velocityCommand : Math.max(-limit, Math.min(limit, velocityCommand));
    }

    /** The force command clamped to the joint's effort limit. */
    public final double commandedForce() {
        double limit = spec.limits().effort();
        return limit < 0 ? force : Math.max(-limit, Math.min(limit, force));
    }

    /** Sets the drive for the step and applies the force command (the engines clear forces after a step). */
    final void beforeStep(double dt) {
        if (!actuated || !added) {
            return;
        }
        prepareDrive(dt);
        double force = commandedForce();
        if (force != 0 || !Double.isNaN(velocityCommand)) {
            child.activate();
            if (parent != null) {
                parent.activate();
            }
        }
        if (force == 0) {
            return;
        }
        Vec3 axis = axis();
        if (prismatic) {
            child.applyCentralForce(axis.times(force));
            if (parent != null && parent.isDynamic()) {
                Vec3 at = child.comPose().position().minus(parent.comPose().position());
                parent.applyForce(axis.times(-force), at);
            }
        } else {
            child.applyTorque(axis.times(force));
            if (parent != null && parent.isDynamic()) {
                parent.applyTorque(axis.times(-force));
            }
        }
    }

    /**
     * Records what the joint applied, tracks its position for unwrapping, and clears its commands. Returns true when
     * the effort it reports changed.
     */
    final boolean afterStep(double dt) {
        boolean changed = false;
        if (actuated) {
            double applied = added ? commandedForce() + (articulated ? articulatedEffort : driveEffort(dt)) : 0;
            changed = Double.compare(applied, effort) != 0;
            effort = applied;
            position = currentPosition();
        }
        force = 0;
        velocityCommand = Double.NaN;
        return changed;
    }

    /** After a reset of the joint's position: the new reference for unwrapping. */
    final void resetPosition(double position) {
        this.position = position;
    }

    /** An angle in [-π, π). */
    static double wrap(double angle) {
        return angle - 2 * Math.PI * Math.floor((angle + Math.PI) / (2 * Math.PI));
    }
}
