package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.joints.New6Dof;
import com.jme3.bullet.joints.motors.MotorParam;
import com.jme3.bullet.objects.PhysicsRigidBody;
import io.orrery.world.JointSpec;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;

/**
 * What acts along an actuated joint's axis, solved by Bullet with the joint and the contacts: Bullet 3's own motor
 * rows, whose impulse is bounded by force·dt over the whole step (a projected Gauss-Seidel bound, as in the JBullet
 * engine's own rows). Each row sits on a constraint of its own with every degree of freedom free, so that the
 * constraint's applied impulse is that row's alone and the joint can report its effort:
 * <ul>
 * <li>the velocity servo: target the commanded speed, force up to the effort limit;</li>
 * <li>Coulomb friction: target zero, force up to the joint's friction;</li>
 * <li>viscous damping: target zero, force up to damping·|v| at the start of the step. This is explicit where the
 * JBullet engine's damping is implicit: per step v ← v·(1 − b·dt/I) rather than v / (1 + b·dt/I). A row towards
 * zero never overshoots it, so it stays stable at any damping.</li>
 * </ul>
 */
final class JointDrive {

    private final int dof;
    private final boolean rotational;
    private final New6Dof servo;
    private final New6Dof friction;
    private final New6Dof damping;
    private final double dampingCoefficient;
    private final double frictionForce;
    /** Whether the servo's motor is on in the native row, as last set. */
    private boolean servoEnabled;

    JointDrive(JointSpec spec, PhysicsRigidBody parent, Pose inParent, PhysicsRigidBody child, Pose inChild) {
        this.dof = JointFactory.dof(spec.type());
        this.rotational = dof >= 3;
        this.frictionForce = Math.max(0, spec.dynamics().friction());
        this.dampingCoefficient = Math.max(0, spec.dynamics().damping());
        this.servo = row(parent, inParent, child, inChild);
        this.friction = frictionForce > 0 ? row(parent, inParent, child, inChild) : null;
        this.damping = dampingCoefficient > 0 ? row(parent, inParent, child, inChild) : null;
        if (friction != null) {
            set(friction, 0, frictionForce);
        }
    }

    private New6Dof row(PhysicsRigidBody parent, Pose inParent, PhysicsRigidBody child, Pose inChild) {
        New6Dof row = JointFactory.free(parent, inParent, child, inChild);
        row.setFeedback(true);
        enable(row, false);
        return row;
    }

    private void enable(New6Dof row, boolean on) {
        if (rotational) {
            row.getRotationMotor(dof - 3).setMotorEnabled(on);
        } else {
            row.getTranslationMotor().setMotorEnabled(dof, on);
        }
    }

    private void set(New6Dof row, double target, double maxForce) {
        // Bullet's motor drives body A relative to body B: the child's speed relative to the parent is its negation.
        row.set(MotorParam.TargetVelocity, dof, (float) -target);
        row.set(MotorParam.MaxMotorForce, dof, (float) maxForce);
        enable(row, maxForce > 0);
    }

    /** The constraints to add to the space with the joint. */
    List<New6Dof> constraints() {
        List<New6Dof> all = new ArrayList<>(3);
        all.add(servo);
        if (friction != null) {
            all.add(friction);
        }
        if (damping != null) {
            all.add(damping);
        }
        return all;
    }

    /**
     * Sets the rows for the next step.
     *
     * @param speed the commanded speed, NaN for none
     * @param effortLimit the servo's force bound, negative for none
     * @param velocity the joint's velocity now
     */
    void prepare(double speed, double effortLimit, double velocity) {
        if (Double.isNaN(speed)) {
            if (servoEnabled) { // a call into native code per joint per step, for a row that is off in most steps
                enable(servo, false);
                servoEnabled = false;
            }
        } else {
            set(servo, speed, effortLimit < 0 ? Float.MAX_VALUE / 4 : effortLimit);
            servoEnabled = true;
        }
        if (damping != null) {
            set(damping, 0, dampingCoefficient * Math.abs(velocity));
        }
    }

    /**
     * The servo's, friction's and damping's impulses in the last step (the last part of a split step), along the
     * axis on the child.
     */
    double[] impulses(boolean servoOn) {
        // on the child: the negation of what Bullet reports (see effort)
        return new double[] {
            servoOn ? -servo.getAppliedImpulse() : 0,
            friction != null ? -friction.getAppliedImpulse() : 0,
            damping != null ? -damping.getAppliedImpulse() : 0
        };
    }

    /** True when a row acts in the next step. */
    boolean isActive(double speed) {
        return !Double.isNaN(speed) || friction != null || damping != null;
    }

    /** The size of the effort (N·m or N) the velocity servo alone applied in the last step of {@code dt} s. */
    double servoEffort(double dt, boolean servoOn) {
        return servoOn ? Math.abs(servo.getAppliedImpulse()) / dt : 0;
    }

    /** The effort (N·m or N) the rows applied in the last step of {@code dt} seconds, along the joint's axis. */
    double effort(double dt, boolean servoOn) {
        double impulse = (servoOn ? servo.getAppliedImpulse() : 0)
                + (friction != null ? friction.getAppliedImpulse() : 0)
                + (damping != null ? damping.getAppliedImpulse() : 0);
        // Bullet's rows report the impulse on body A (the parent), as their targets are body A's speed relative to
        // body B: the child's is its negation, for rotations and translations alike (a prismatic servo speeding its
        // child along the axis read -100 N before 2026-11-27).
        return -impulse / dt;
    }

    void addTo(PhysicsSpace space) {
        for (New6Dof row : constraints()) {
            space.addJoint(row);
        }
    }

    void removeFrom(PhysicsSpace space) {
        for (New6Dof row : constraints()) {
            space.removeJoint(row);
        }
    }
}
