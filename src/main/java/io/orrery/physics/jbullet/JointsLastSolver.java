package io.orrery.physics.jbullet;

import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.dynamics.constraintsolver.ContactSolverInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.linearmath.IDebugDraw;
import com.bulletphysics.util.ObjectArrayList;

/**
 * JBullet's solver, with the joints left out of the first iterations of a step: those solve the contacts alone, the
 * last {@code jointIterations} solve contacts and joints together, as JBullet does in all of them. JBullet 2.72's
 * joints (its hinge, slider, point-to-point and 6-DOF constraints) aim to correct their whole position error in
 * every iteration they take part in, so more iterations make them ring: the PID-driven rotor of
 * joint_controller.sdf reads 1.2e-2 rad/s off its target at 10 iterations, 1.9e-2 at 20 and 7e-2 at 50. Contacts
 * converge with more iterations; joints keep the 10 they had.
 */
final class JointsLastSolver extends SequentialImpulseConstraintSolver {

    private final int jointIterations;

    JointsLastSolver(int jointIterations) {
        this.jointIterations = jointIterations;
    }

    @Override
    public float solveGroupCacheFriendlyIterations(
            ObjectArrayList<CollisionObject> bodies,
            int numBodies,
            ObjectArrayList<PersistentManifold> manifolds,
            int manifoldOffset,
            int numManifolds,
            ObjectArrayList<TypedConstraint> constraints,
            int constraintOffset,
            int numConstraints,
            ContactSolverInfo info,
            IDebugDraw debugDrawer) {
        int total = info.numIterations;
        if (numConstraints == 0 || jointIterations >= total) {
            return super.solveGroupCacheFriendlyIterations(
                    bodies,
                    numBodies,
                    manifolds,
                    manifoldOffset,
                    numManifolds,
                    constraints,
                    constraintOffset,
                    numConstraints,
                    info,
                    debugDrawer);
        }
        try {
            info.numIterations = total - jointIterations;
            super.solveGroupCacheFriendlyIterations(
                    bodies,
                    numBodies,
                    manifolds,
                    manifoldOffset,
                    numManifolds,
                    constraints,
                    constraintOffset,
                    0,
                    info,
                    debugDrawer);
            info.numIterations = jointIterations;
            return super.solveGroupCacheFriendlyIterations(
                    bodies,
                    numBodies,
                    manifolds,
                    manifoldOffset,
                    numManifolds,
                    constraints,
                    constraintOffset,
                    numConstraints,
                    info,
                    debugDrawer);
        } finally {
            info.numIterations = total;
        }
    }
}
