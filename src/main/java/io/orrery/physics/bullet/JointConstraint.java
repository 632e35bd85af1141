package io.orrery.physics.bullet;

import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.joints.New6Dof;
import io.orrery.physics.rigid.Joint;
import io.orrery.physics.rigid.JointFrame;

/**
 * A joint's Bullet constraint (a {@link New6Dof} with the joint's degree of freedom free or limited and the others
 * locked) and its {@link JointDrive} (none for fixed and ball joints).
 */
final class JointConstraint extends Joint<LinkBody> {

    final Constraint constraint;
    /** Null for fixed and ball joints. */
    final JointDrive drive;
    /** The world step's parts: the rows' impulses are those of the last part. */
    private final StepSplit split;

    JointConstraint(JointFrame.Placed<LinkBody> frame, Constraint constraint, JointDrive drive, StepSplit split) {
        super(frame);
        this.constraint = constraint;
        this.drive = drive;
        this.split = split;
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
}
