package io.orrery.system.jointtrajectorycontroller;

import com.gz.msgs.JointTrajectoryPointProtos.JointTrajectoryPoint;
import io.orrery.physics.JointState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.system.control.Pid;
import java.util.Optional;

/**
 * One controlled joint: its targets and the two PIDs (position and velocity, gz-math's) whose commands, with the
 * target effort, make the force commanded every step, as gz-sim's JointTrajectoryController drives it.
 */
final class ActuatedJoint {

    private final String model;
    /** The joint's name in the physics state: scoped within the top-level model. */
    private final String joint;

    private final double initialPosition;
    private final Pid position;
    private final Pid velocity;

    private double targetPosition;
    private double targetVelocity;
    private double targetEffort;

    ActuatedJoint(String model, String joint, double initialPosition, Pid position, Pid velocity) {
        this.model = model;
        this.joint = joint;
        this.initialPosition = initialPosition;
        this.position = position;
        this.velocity = velocity;
        resetTarget();
    }

    /** Takes the targets this joint has at {@code index} in the point; those the point lacks stay as they were. */
    void setTarget(JointTrajectoryPoint point, int index) {
        if (index < point.getPositionsCount()) {
            targetPosition = point.getPositions(index);
        }
        if (index < point.getVelocitiesCount()) {
            targetVelocity = point.getVelocities(index);
        }
        if (index < point.getEffortCount()) {
            targetEffort = point.getEffort(index);
        }
    }

    /** Commands the force for this step: both PIDs' commands plus the target effort. */
    void update(PhysicsWorld world, double dt) {
        Optional<JointState> state = world.joint(model, joint);
        if (state.isEmpty()) {
            return;
        }
        double force = position.update(state.get().position() - targetPosition, dt)
                + velocity.update(state.get().velocity() - targetVelocity, dt)
                + targetEffort;
        world.setJointForce(model, joint, force);
    }

    void resetTarget() {
        targetPosition = initialPosition;
        targetVelocity = 0;
        targetEffort = 0;
    }

    void resetPids() {
        position.reset();
        velocity.reset();
    }
}
