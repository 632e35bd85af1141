package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.joints.New6Dof;
import com.jme3.bullet.joints.motors.MotorParam;
import com.jme3.bullet.objects.PhysicsRigidBody;
import io.orrery.physics.rigid.JointFrame;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;

/**
 * Damping and friction along a universal or revolute2 joint's two axes, as {@link JointDrive} acts along one axis:
 * Bullet 3's motor rows, each on a constraint of its own with every degree of freedom free (so that its applied
 * impulse is its own and the joint can report each axis's effort), in the joint's frames: the Z rotation's motor
 * turns the first angle, the X rotation's the second.
 *
 * <p>Bullet's rows act along the unit directions it turns the angles about, whose spin is sin·rate of an angle
 * (sin of the angle between the axes, 1 when they are square), and whose torque τ is a force sin·τ on the angle:
 * the rows' bounds are divided by it, their impulses multiplied by it.
 */
final class AxisMotors {

    private static final int[] DOF = {JointFactory.Z_ROTATION, JointFactory.X_ROTATION};

    private final double sine;
    private final JointDynamics[] dynamics;
    /** Per axis, null where the axis has none. */
    private final New6Dof[] friction = new New6Dof[2];

    private final New6Dof[] damping = new New6Dof[2];

    AxisMotors(JointSpec spec, PhysicsRigidBody parent, Pose inParent, PhysicsRigidBody child, Pose inChild) {
        JointSpec.SecondAxis second = spec.axis2().orElseThrow();
        this.sine = Math.cos(JointFrame.secondAxisTilt(spec));
        this.dynamics = new JointDynamics[] {spec.dynamics(), second.dynamics()};
        Pose childFrame = JointFactory.childFrame(spec, inChild);
        for (int i = 0; i < 2; i++) {
            if (dynamics[i].friction() > 0) {
                friction[i] = row(parent, inParent, child, childFrame, i);
                set(friction[i], i, dynamics[i].friction() / sine);
            }
            if (dynamics[i].damping() > 0) {
                damping[i] = row(parent, inParent, child, childFrame, i);
            }
        }
    }

    /** True when either axis has damping or friction. */
    boolean any() {
        return !constraints().isEmpty();
    }

    private static New6Dof row(PhysicsRigidBody parent, Pose inParent, PhysicsRigidBody child, Pose inChild, int axis) {
        New6Dof row = JointFactory.free(parent, inParent, child, inChild);
        row.setFeedback(true);
        row.getRotationMotor(DOF[axis] - 3).setMotorEnabled(false);
        return row;
    }

    /** A motor holding the angle's rate at zero with at most {@code maxTorque} along Bullet's direction. */
    private static void set(New6Dof row, int axis, double maxTorque) {
        row.set(MotorParam.TargetVelocity, DOF[axis], 0f);
        row.set(MotorParam.MaxMotorForce, DOF[axis], (float) maxTorque);
        row.getRotationMotor(DOF[axis] - 3).setMotorEnabled(maxTorque > 0);
    }

    /** Sets the damping rows for the next step from the angles' rates now (explicit, as JointDrive's). */
    void prepare(double rate1, double rate2) {
        double[] rates = {rate1, rate2};
        for (int i = 0; i < 2; i++) {
            if (damping[i] != null) {
                set(damping[i], i, dynamics[i].damping() * Math.abs(rates[i]) / sine);
            }
        }
    }

    /** The damping and friction applied along axis 0 or 1 in the last step of {@code dt} s, N·m. */
    double effort(int axis, double dt) {
        double impulse = (friction[axis] != null ? friction[axis].getAppliedImpulse() : 0)
                + (damping[axis] != null ? damping[axis].getAppliedImpulse() : 0);
        // Bullet's rows act on the child against the angle's sign, as JointDrive's
        return -impulse * sine / dt;
    }

    private List<New6Dof> constraints() {
        List<New6Dof> all = new ArrayList<>(4);
        for (int i = 0; i < 2; i++) {
            if (friction[i] != null) {
                all.add(friction[i]);
            }
            if (damping[i] != null) {
                all.add(damping[i]);
            }
        }
        return all;
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
