package io.orrery.physics.jbullet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.linearmath.DefaultMotionState;
import javax.vecmath.Vector3f;
import org.junit.jupiter.api.Test;

/** JBullet itself: {@code stepSimulation(dt, 1, dt)} advances exactly one fixed step per call. */
class JBulletStepTests {

    @Test
    void oneCallIsOneStep() {
        DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();
        DiscreteDynamicsWorld world = new DiscreteDynamicsWorld(
                new CollisionDispatcher(configuration),
                new DbvtBroadphase(),
                new SequentialImpulseConstraintSolver(),
                configuration);
        world.setGravity(new Vector3f(0, 0, -9.8f));
        SphereShape shape = new SphereShape(0.1f);
        Vector3f inertia = new Vector3f();
        shape.calculateLocalInertia(1, inertia);
        RigidBody ball = new RigidBody(new RigidBodyConstructionInfo(1, new DefaultMotionState(), shape, inertia));
        world.addRigidBody(ball);
        float dt = 0.001f;

        // The return value is not a step count in JBullet, so the velocity tells how many steps ran.
        world.stepSimulation(dt, 1, dt);
        assertThat(ball.getLinearVelocity(new Vector3f()).z).isCloseTo(-9.8f * dt, within(1e-7f));

        for (int i = 0; i < 99; i++) {
            world.stepSimulation(dt, 1, dt);
        }
        assertThat(ball.getLinearVelocity(new Vector3f()).z).isCloseTo(-9.8f * 100 * dt, within(1e-5f));
        world.destroy();
    }
}
