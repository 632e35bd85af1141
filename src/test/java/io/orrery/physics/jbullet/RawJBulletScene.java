package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.linearmath.DefaultMotionState;
import com.bulletphysics.linearmath.Transform;
import io.orrery.bench.BoxColumns;
import javax.vecmath.Vector3f;

/**
 * The benchmark scene built straight with JBullet, with the same world setup as {@link JBulletPhysicsEngine}
 * (including its box contact generators):
 * the baseline the full Orrery loop is measured against.
 */
public final class RawJBulletScene {

    private final DiscreteDynamicsWorld world;

    public RawJBulletScene(int boxes) {
        DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();
        CollisionDispatcher dispatcher = new CollisionDispatcher(configuration);
        // The same contact generators as Orrery's world, so the comparison measures the loop, not the collider.
        BoxContacts.register(dispatcher);
        world = new DiscreteDynamicsWorld(
                dispatcher, new DbvtBroadphase(), new SequentialImpulseConstraintSolver(), configuration);
        world.setGravity(new Vector3f(0, 0, (float) -BoxColumns.GRAVITY));

        Transform identity = new Transform();
        identity.setIdentity();
        RigidBodyConstructionInfo groundInfo = new RigidBodyConstructionInfo(
                0, new DefaultMotionState(identity), new StaticPlaneShape(new Vector3f(0, 0, 1), 0), new Vector3f());
        groundInfo.friction = (float) BoxColumns.FRICTION;
        RigidBody ground = new RigidBody(groundInfo);
        SurfaceMixing.enable(ground); // as Orrery's world does, so the comparison stays like for like
        world.addRigidBody(ground);

        float h = (float) BoxColumns.HALF_EXTENT;
        for (int i = 0; i < boxes; i++) {
            // One shape per body, as Orrery builds one per link.
            BoxShape shape = new BoxShape(new Vector3f(h, h, h));
            Vector3f inertia = new Vector3f();
            shape.calculateLocalInertia((float) BoxColumns.MASS, inertia);
            double[] p = BoxColumns.position(i, boxes);
            Transform t = new Transform();
            t.setIdentity();
            t.origin.set((float) p[0], (float) p[1], (float) p[2]);
            RigidBodyConstructionInfo info =
                    new RigidBodyConstructionInfo((float) BoxColumns.MASS, new DefaultMotionState(t), shape, inertia);
            info.friction = (float) BoxColumns.FRICTION;
            RigidBody body = new RigidBody(info);
            SurfaceMixing.enable(body);
            body.setActivationState(CollisionObject.DISABLE_DEACTIVATION);
            world.addRigidBody(body);
        }
    }

    /** One fixed step of dt seconds. */
    public void step(double dt) {
        world.stepSimulation((float) dt, 1, (float) dt);
    }
}
