package io.orrery.physics.bullet;

import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.joints.New6Dof;
import io.orrery.physics.rigid.Joint;
import io.orrery.physics.rigid.JointFrame;

/**
 * A joint's Bullet constraint (a {@link New6Dof} with the joint's degrees of freedom free or limited and the others
 * locked; none for a gearbox) and its {@link JointDrive} (for the joints of one axis that move) or
 * {@link AxisMotors} (universal and revolute2).
 */
final class JointConstraint extends Joint<LinkBody> {

    /** Null for a gearbox. */
    final Constraint constraint;
    /** Null but for revolute, continuous, prismatic and screw joints. */
    final JointDrive drive;
    /** Null but for universal and revolute2 joints with damping or friction. */
    final AxisMotors motors;
    /** The world step's parts: the rows' impulses are those of the last part. */
    private final StepSplit split;

    JointConstraint(
            JointFrame.Placed<LinkBody> frame,
            Constraint constraint,
            JointDrive drive,
            AxisMotors motors,
            StepSplit split) {
        super(frame);
        this.constraint = constraint;
        this.drive = drive;
        this.motors = motors;
        this.split = split;
    }

    @Override
    protected void prepareAxes(double dt) {
        if (motors != null) {
            motors.prepare(axes().velocity1(), axes().velocity2());
        }
    }

    @Override
    protected double axisEffort(int axis, double dt) {
        return motors == null ? 0 : motors.effort(axis, dt / split.parts());
    }

    @Override
    protected void prepareDrive(double dt) {
        drive.prepare(commandedSpeed(), spec().limits().effort(), velocity());
    }

    @Override
    protected double[] driveImpulses() {
        return drive.impulses(!Double.isNaN(velocityCommand()));
    }

    @Override
    protected double driveEffort(double dt) {
        return drive.effort(dt / split.parts(), !Double.isNaN(velocityCommand()));
    }

    @Override
    protected double servoEffort(double dt) {
        return drive == null ? 0 : drive.servoEffort(dt / split.parts(), !Double.isNaN(velocityCommand()));
    }
}
