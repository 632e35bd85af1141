package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.BroadphaseInterface;
import com.bulletphysics.collision.broadphase.Dispatcher;
import com.bulletphysics.collision.dispatch.CollisionConfiguration;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.constraintsolver.ConstraintSolver;
import com.bulletphysics.linearmath.Transform;
import java.util.function.Consumer;
import javax.vecmath.Vector3f;

/**
 * JBullet's {@link DiscreteDynamicsWorld} whose passes over every body visit only the bodies a pass can change
 * ({@link AwakeBodies}): with most of 3,000 bodies asleep, JBullet's own loops (gravity, prediction, bounding boxes,
 * integration, deactivation, clearing forces) cost more than the step's real work. Each pass is JBullet 2.72's, in
 * the same order over the bodies it visits: the results are JBullet's to the bit. The island manager, the
 * broadphase and the solver are JBullet's, untouched. Every body is a {@link MovingBody}; Orrery uses no motion
 * states and no kinematic bodies.
 */
final class AwakeDynamicsWorld extends DiscreteDynamicsWorld {

    private final AwakeBodies awake = new AwakeBodies();
    private final Transform scratch = new Transform();
    private final Transform predicted = new Transform();
    private final Vector3f zero = new Vector3f();
    private float timeStep;

    private final Consumer<MovingBody> gravity = body -> {
        if (body.isActive()) {
            body.applyGravity();
        }
    };

    private final Consumer<MovingBody> predict = body -> {
        if (!body.isStaticOrKinematicObject() && body.isActive()) {
            body.integrateVelocities(timeStep);
            body.applyDamping(timeStep);
            body.predictIntegratedTransform(timeStep, body.getInterpolationWorldTransform(scratch));
        }
    };

    private final Consumer<MovingBody> aabb = body -> {
        if (body.isActive()) {
            updateSingleAabb(body);
        }
    };

    private final Consumer<MovingBody> integrate = this::integrate;

    private final Consumer<MovingBody> deactivation = this::deactivate;

    private final Consumer<MovingBody> clear = MovingBody::clearForces;

    AwakeDynamicsWorld(
            Dispatcher dispatcher,
            BroadphaseInterface broadphase,
            ConstraintSolver solver,
            CollisionConfiguration configuration) {
        super(dispatcher, broadphase, solver, configuration);
    }

    /** Calls {@code pass} for each body that is awake (or was touched asleep), in the world's order. */
    void forEachAwake(Consumer<MovingBody> pass) {
        awake.forEach(pass);
    }

    /** How many bodies a pass visits now. */
    int awakeCount() {
        return awake.count();
    }

    @Override
    public void addCollisionObject(CollisionObject object, short group, short mask) {
        if (!(object instanceof MovingBody body)) {
            throw new IllegalArgumentException(
                    "expected a MovingBody, got " + object.getClass().getName());
        }
        super.addCollisionObject(object, group, mask);
        awake.added(body);
    }

    @Override
    public void removeCollisionObject(CollisionObject object) {
        super.removeCollisionObject(object);
        if (object instanceof MovingBody body) {
            awake.removed(body);
        }
    }

    @Override
    protected void saveKinematicState(float step) {
        // no kinematic bodies
    }

    @Override
    protected void synchronizeMotionStates() {
        // no motion states: Orrery reads each body's own transform
    }

    @Override
    public void applyGravity() {
        awake.forEach(gravity);
    }

    @Override
    protected void predictUnconstraintMotion(float step) {
        timeStep = step;
        awake.forEach(predict);
    }

    @Override
    public void updateAabbs() {
        awake.forEach(aabb);
    }

    @Override
    protected void integrateTransforms(float step) {
        timeStep = step;
        awake.forEach(integrate);
    }

    /**
     * JBullet's integration of one body without its continuous collision detection, which Orrery never enables (no
     * body has a motion threshold): the sleeping bodies it skips keep their hit fraction, which the island manager
     * sets to 1 for every body each step before this.
     */
    private void integrate(MovingBody body) {
        body.setHitFraction(1f);
        if (body.isActive() && !body.isStaticOrKinematicObject()) {
            if (body.getCcdSquareMotionThreshold() != 0f) {
                throw new IllegalStateException("continuous collision detection is not supported here");
            }
            body.predictIntegratedTransform(timeStep, predicted);
            body.proceedToTransform(predicted);
        }
    }

    @Override
    protected void updateActivationState(float step) {
        timeStep = step;
        awake.forEach(deactivation);
    }

    /** JBullet's deactivation of one body. */
    private void deactivate(MovingBody body) {
        body.updateDeactivation(timeStep);
        if (body.wantsSleeping()) {
            if (body.isStaticOrKinematicObject()) {
                body.setActivationState(CollisionObject.ISLAND_SLEEPING);
            } else {
                if (body.getActivationState() == CollisionObject.ACTIVE_TAG) {
                    body.setActivationState(CollisionObject.WANTS_DEACTIVATION);
                }
                if (body.getActivationState() == CollisionObject.ISLAND_SLEEPING) {
                    zero.set(0f, 0f, 0f);
                    body.setAngularVelocity(zero);
                    body.setLinearVelocity(zero);
                }
            }
        } else if (body.getActivationState() != CollisionObject.DISABLE_DEACTIVATION) {
            body.setActivationState(CollisionObject.ACTIVE_TAG);
        }
    }

    @Override
    public void clearForces() {
        awake.forEach(clear);
        awake.stepEnded();
    }
}
