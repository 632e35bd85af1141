package io.orrery.physics.rigid;

import io.orrery.physics.JointState;
import io.orrery.physics.StateVisitor;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.List;

/**
 * A joint between two links ({@code parent} null for the world) and what is commanded for its next step. An engine
 * subclass holds the constraint and the drive that acts along the axis (revolute, continuous, prismatic and screw
 * joints), or along both axes of a universal or revolute2 joint; it is in the engine's world only while one of its
 * bodies can move. A screw's advance and a gearbox's ratio are a {@link Coupling}, the same on both engines.
 *
 * <p>Positions are measured here from the two bodies' frames, not from an engine's hinge angle: the relative
 * rotation's twist about the axis for a hinge or a screw, the offset along the axis for a slider, the two angles of
 * {@link AxisPair} for the joints with a second axis. The joint's zero is the configuration it was built in.
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
    /** The two angles of a universal, revolute2 or gearbox joint; null for the others. */
    private final AxisPair pair;
    /** A screw's or gearbox's coupling row; null for the others. */
    private final Coupling coupling;

    /** True while the constraint is in the engine's world. */
    private boolean added;
    /** The force command for the next step; zero when none. */
    private double force;
    /** The velocity command for the next step; NaN when none. */
    private double velocityCommand = Double.NaN;
    /** True when a force or velocity other than 0 was commanded for the last step. */
    private boolean commandedLastStep;
    /** The unwrapped position after the last step (or reset), the reference for unwrapping the next reading. */
    private double position;
    /** The effort applied in the last step (along the first axis). */
    private double effort;
    /** The effort applied along the second axis in the last step. */
    private double effort2;
    /** What couplings' corrections added to this joint's velocity servo after the step (N·m·s or N·s). */
    private double servoCorrection;
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
        this.pair = spec.type().hasSecondAxis() ? new AxisPair(this, frame.reference()) : null;
        this.coupling = Coupling.of(this, pair);
    }

    /** Sets the drive's rows for the next step of {@code dt} seconds from the joint's dynamics and commands. */
    protected abstract void prepareDrive(double dt);

    /** The effort (N·m or N) the drive applied along the axis in the last step of {@code dt} seconds. */
    protected abstract double driveEffort(double dt);

    /** The size of the effort (N·m or N) the velocity servo alone applied in the last step; 0 by default. */
    protected double servoEffort(double dt) {
        return 0;
    }

    /** Sets a universal or revolute2 joint's rows along its two axes for the next step; none by default. */
    protected void prepareAxes(double dt) {}

    /** The effort (N·m) the rows applied along axis 0 or 1 of a universal or revolute2 joint in the last step. */
    protected double axisEffort(int axis, double dt) {
        return 0;
    }

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

    /** True for the joints that move along one axis and take commands: revolute, continuous, prismatic, screw. */
    public static boolean isActuated(JointType type) {
        return switch (type) {
            case REVOLUTE, CONTINUOUS, PRISMATIC, SCREW -> true;
            case FIXED, BALL, UNIVERSAL, REVOLUTE2, GEARBOX -> false;
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

    /** True for revolute, continuous, prismatic and screw joints: the ones with a drive, that take commands. */
    public final boolean isActuated() {
        return actuated;
    }

    public final boolean isPrismatic() {
        return prismatic;
    }

    /** The two angles of a universal, revolute2 or gearbox joint, else null. */
    public final AxisPair axes() {
        return pair;
    }

    /** A screw's advance along its axis per radian of turn (m/rad, pitch/2π); 0 for the other joints. */
    public final double lead() {
        return spec.type() == JointType.SCREW ? spec.screwThreadPitch() / (2 * Math.PI) : 0;
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

    /** True when a force or velocity other than 0 is commanded for the next step, or was for the last one. */
    public final boolean commanded() {
        return commandedLastStep || force != 0 || (!Double.isNaN(velocityCommand) && velocityCommand != 0);
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

    /** The child's offset from the parent's joint frame along the axis (a slider's position, a screw's advance). */
    public final double slide() {
        Pose a = parentFrame();
        return childFrame().position().minus(a.position()).dot(a.rotation().rotate(localAxis));
    }

    /** The child's velocity relative to the parent along the axis. */
    public final double velocity() {
        if (!actuated) {
            return 0;
        }
        Vec3 axis = axis();
        if (prismatic) {
            Vec3 at = child.comPose().position();
            return child.velocityAt(at)
                    .minus(parent == null ? Vec3.ZERO : parent.velocityAt(at))
                    .dot(axis);
        }
        Vec3 parentSpin = parent == null ? Vec3.ZERO : parent.angularVelocity();
        return child.angularVelocity().minus(parentSpin).dot(axis);
    }

    /** Hands each axis's position and velocity to {@code visitor}, as {@link #state()} has them. */
    final void visit(StateVisitor visitor) {
        if (pair != null) {
            visitor.joint(pair.position1(), pair.velocity1());
            visitor.joint(pair.position2(), pair.velocity2());
        } else {
            visitor.joint(currentPosition(), velocity());
        }
    }

    public final JointState state() {
        if (pair != null) {
            return new JointState(
                    name,
                    spec.type(),
                    pair.position1(),
                    pair.velocity1(),
                    effort,
                    new JointState.Axis(pair.position2(), pair.velocity2(), effort2));
        }
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
        if (!added) {
            return;
        }
        if (coupling != null) {
            coupling.beforeStep(dt);
        }
        if (pair != null) {
            prepareAxes(dt);
        }
        if (!actuated) {
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
     * Lets the joint's coupling (a screw's or gearbox's) correct the bodies after a step, before any joint records
     * the step and clears its commands: the coupling holds the commanded speeds of the drives it meets.
     */
    final void couple(double dt) {
        if (coupling != null && added) {
            coupling.afterStep(dt);
        }
    }

    /** Gives the coupling the model's joints: those whose velocity servos act on its bodies are solved with it. */
    final void meet(List<? extends Joint<?>> joints) {
        if (coupling != null) {
            coupling.meet(joints);
        }
    }

    /** The velocity servo's effort budget left after the step of {@code dt} s (N·m·s or N·s; infinite if none). */
    final double servoBudget(double dt) {
        double limit = spec.limits().effort();
        return limit < 0
                ? Double.POSITIVE_INFINITY
                : Math.max(0, (limit - servoEffort(dt)) * dt - Math.abs(servoCorrection));
    }

    /** A coupling's correction used {@code impulse} of this joint's servo. */
    final void correctedBy(double impulse) {
        servoCorrection += impulse;
    }

    /**
     * Records what the joint applied, tracks its position for unwrapping, and clears its commands. Returns true when
     * the effort it reports changed.
     */
    final boolean afterStep(double dt) {
        boolean changed = false;
        if (pair != null) {
            double first = added ? axisEffort(0, dt) : 0;
            double second = added ? axisEffort(1, dt) : 0;
            changed = Double.compare(first, effort) != 0 || Double.compare(second, effort2) != 0;
            effort = first;
            effort2 = second;
            pair.track();
        }
        if (actuated) {
            double applied = added
                    ? commandedForce() + (articulated ? articulatedEffort : driveEffort(dt)) + servoCorrection / dt
                    : 0;
            changed = Double.compare(applied, effort) != 0;
            effort = applied;
            position = currentPosition();
        }
        commandedLastStep = commanded();
        force = 0;
        velocityCommand = Double.NaN;
        servoCorrection = 0;
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
