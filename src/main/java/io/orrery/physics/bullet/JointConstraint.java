package io.orrery.physics.bullet;

import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.joints.New6Dof;
import io.orrery.physics.JointState;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * A joint: its Bullet constraint (a {@link New6Dof} with the joint's degree of freedom free or limited and the others
 * locked), its {@link JointDrive} (none for fixed and ball joints), its two links ({@code parent} is null for the
 * world) and what is commanded for the next step. Positions are measured from the two bodies' frames, as the JBullet
 * engine does: the twist of the relative rotation about the axis for a hinge, the offset along the axis for a
 * slider; the zero is the configuration the joint was built in.
 */
final class JointConstraint {

    final String name;
    final JointSpec spec;
    final Constraint constraint;
    final LinkBody parent;
    final LinkBody child;
    /** The joint frame (axis along {@link #localAxis}) in the parent's centre-of-mass frame (world for null). */
    final Pose inParent;
    final Pose inChild;
    final Vec3 localAxis;
    final JointDrive drive;
    boolean added;

    /** The force command for the next step; zero when none. */
    double force;
    /** The velocity command for the next step; NaN when none. */
    double velocityCommand = Double.NaN;
    /** The unwrapped position after the last step (or reset). */
    double position;
    /** The effort applied in the last step. */
    double effort;

    JointConstraint(String name, JointSpec spec, Constraint constraint, LinkBody parent, LinkBody child,
            Pose inParent, Pose inChild, JointDrive drive) {
        this.name = name;
        this.spec = spec;
        this.constraint = constraint;
        this.parent = parent;
        this.child = child;
        this.inParent = inParent;
        this.inChild = inChild;
        this.localAxis = JointFactory.localAxis(spec.type());
        this.drive = drive;
    }

    static boolean isActuated(JointType type) {
        return switch (type) {
            case REVOLUTE, CONTINUOUS, PRISMATIC -> true;
            case FIXED, BALL -> false;
        };
    }

    boolean isPrismatic() {
        return spec.type() == JointType.PRISMATIC;
    }

    Pose parentFrame() {
        return parent == null ? inParent : parent.comPose().compose(inParent);
    }

    Pose childFrame() {
        return child.comPose().compose(inChild);
    }

    /** The axis in the world frame, as the parent carries it. */
    Vec3 axis() {
        return parentFrame().rotation().rotate(localAxis);
    }

    /** The position now, unwrapped against the last step's for a hinge. */
    double currentPosition() {
        if (drive == null) {
            return 0;
        }
        Pose a = parentFrame();
        Pose b = childFrame();
        if (isPrismatic()) {
            return b.position().minus(a.position()).dot(a.rotation().rotate(localAxis));
        }
        Quat relative = a.rotation().conjugate().times(b.rotation());
        double angle = 2 * Math.atan2(relative.z(), relative.w());
        return position + wrap(angle - position);
    }

    /** The child's velocity relative to the parent along the axis. */
    double velocity() {
        if (drive == null) {
            return 0;
        }
        Vec3 axis = axis();
        if (isPrismatic()) {
            Vec3 at = child.comPose().position();
            return child.velocityAt(at).minus(parent == null ? Vec3.ZERO : parent.velocityAt(at)).dot(axis);
        }
        Vec3 parentSpin = parent == null ? Vec3.ZERO : parent.angularVelocity();
        return child.angularVelocity().minus(parentSpin).dot(axis);
    }

    JointState state() {
        return new JointState(name, spec.type(), currentPosition(), velocity(), effort);
    }

    /** The velocity command clamped to the joint's speed limit, or NaN when there is none. */
    double commandedSpeed() {
        double limit = spec.limits().velocity();
        return limit < 0 ? velocityCommand : Math.max(-limit, Math.min(limit, velocityCommand));
    }

    /** The force command clamped to the joint's effort limit. */
    double commandedForce() {
        double limit = spec.limits().effort();
        return limit < 0 ? force : Math.max(-limit, Math.min(limit, force));
    }

    static double wrap(double angle) {
        return angle - 2 * Math.PI * Math.floor((angle + Math.PI) / (2 * Math.PI));
    }
}
