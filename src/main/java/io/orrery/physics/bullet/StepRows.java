package io.orrery.physics.bullet;

import io.orrery.world.Vec3;

/** A joint's part of a step: its drive and force command before, its effort and position after. */
final class StepRows {

    private StepRows() {
    }

    /** Sets the joint's drive for the step and applies its force command (Bullet clears forces after the step). */
    static void before(JointConstraint joint) {
        if (joint.drive == null || !joint.added) {
            return;
        }
        double speed = joint.commandedSpeed();
        joint.drive.prepare(speed, joint.spec.limits().effort(), joint.velocity());
        double force = joint.commandedForce();
        if (force != 0 || !Double.isNaN(speed)) {
            wake(joint);
        }
        if (force == 0) {
            return;
        }
        Vec3 axis = joint.axis();
        if (joint.isPrismatic()) {
            joint.child.body.applyCentralForce(Convert.vector(axis.times(force)));
            if (joint.parent != null && joint.parent.body.isDynamic()) {
                Vec3 at = joint.child.comPose().position().minus(joint.parent.comPose().position());
                joint.parent.body.applyForce(Convert.vector(axis.times(-force)), Convert.vector(at));
            }
        } else {
            joint.child.body.applyTorque(Convert.vector(axis.times(force)));
            if (joint.parent != null && joint.parent.body.isDynamic()) {
                joint.parent.body.applyTorque(Convert.vector(axis.times(-force)));
            }
        }
    }

    /** Records what the joint applied, tracks its position for unwrapping, and clears its commands. */
    static void after(JointConstraint joint, double dt) {
        if (joint.drive != null) {
            boolean servo = !Double.isNaN(joint.velocityCommand);
            joint.effort = joint.added ? joint.commandedForce() + joint.drive.effort(dt, servo) : 0;
            joint.position = joint.currentPosition();
        }
        joint.force = 0;
        joint.velocityCommand = Double.NaN;
    }

    private static void wake(JointConstraint joint) {
        if (joint.child.body.isDynamic()) {
            joint.child.body.activate(true);
        }
        if (joint.parent != null && joint.parent.body.isDynamic()) {
            joint.parent.body.activate(true);
        }
    }
}
