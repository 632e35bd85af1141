package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import io.orrery.physics.rigid.Joint;
import io.orrery.physics.rigid.JointFrame;

/**
 * A joint's JBullet constraint (none for a gearbox) and its {@link JointDrive} (for the joints of one axis that move)
 * or {@link AxisRows} (universal and revolute2). Positions are measured from the bodies' frames ({@link Joint}), not
 * from JBullet's hinge angle, a coarse atan2.
 */
final class JointConstraint extends Joint<LinkBody> {

    /** Null for a gearbox. */
    final TypedConstraint constraint;
    /** Null but for revolute, continuous, prismatic and screw joints. */
    final JointDrive drive;
    /** Null but for universal and revolute2 joints. */
    final AxisRows rows;

    JointConstraint(JointFrame.Placed<LinkBody> frame, TypedConstraint constraint) {
        super(frame);
        this.constraint = constraint;
        this.drive = isActuated() ? new JointDrive(this) : null;
        this.rows = axes() != null && constraint != null ? new AxisRows(this) : null;
    }

    @Override
    protected void prepareAxes(double dt) {
        if (rows != null) {
            rows.prepare(dt);
        }
    }

    @Override
    protected double axisEffort(int axis, double dt) {
        return rows == null ? 0 : rows.effort(axis, dt);
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

    @Override
    protected double servoEffort(double dt) {
        return drive == null ? 0 : drive.servoEffort(dt);
    }
}
