package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import io.orrery.physics.rigid.Joint;
import io.orrery.physics.rigid.JointFrame;

/**
 * A joint's JBullet constraint and its {@link JointDrive} (none for fixed and ball joints). Positions are measured
 * from the bodies' frames ({@link Joint}), not from JBullet's hinge angle, a coarse atan2.
 */
final class JointConstraint extends Joint<LinkBody> {

    final TypedConstraint constraint;
    /** Null for fixed and ball joints. */
    final JointDrive drive;

    JointConstraint(JointFrame.Placed<LinkBody> frame, TypedConstraint constraint) {
        super(frame);
        this.constraint = constraint;
        this.drive = isActuated() ? new JointDrive(this) : null;
    }

    @Override
    protected void prepareDrive(double dt) {
        drive.prepare(dt);
    }

    @Override
    protected double[] driveImpulses() {
        return drive.impulses();
    }

    @Override
    protected double driveEffort(double dt) {
        return drive.effort(dt);
    }
}
