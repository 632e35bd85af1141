package io.orrery.physics.jbullet;

import static org.assertj.core.api.Assertions.assertThat;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.CylinderShapeZ;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.HingeConstraint;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.linearmath.Transform;
import java.util.ArrayList;
import java.util.List;
import javax.vecmath.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * {@link AwakeDynamicsWorld} skips the sleeping bodies in its passes and must change nothing else: the same scene on
 * it and on JBullet's own world, stepped side by side, has every body in the same place, at the same velocity and
 * in the same activation state after every step, to the bit. The scene falls asleep, is woken by a thrown ball,
 * has a velocity set and a force applied on sleeping bodies without waking them (JBullet drops both at the step's
 * end), a jointed pair, a body taken out and put back (last in JBullet's order) and a teleport.
 */
class AwakeDynamicsWorldTests {

    private static final float DT = 0.01f; // JBullet's 2 s to sleep is 200 steps
    private static final int STEPS = 1500;

    @Test
    void theSameSceneStepsToTheSameBitsAsJBulletsOwnWorld() {
        sameBits(false);
    }

    /** As above with the solver JBulletWorld steps with: joints last, split impulse, 20 iterations, shuffled rows. */
    @Test
    void andSoWithTheSolverSettingsOrreryUses() {
        sameBits(true);
    }

    private static void sameBits(boolean orrerySolver) {
        Scene plain = new Scene(false, orrerySolver);
        Scene awake = new Scene(true, orrerySolver);
        int fewest = Integer.MAX_VALUE;
        for (int step = 1; step <= STEPS; step++) {
            plain.act(step);
            awake.act(step);
            plain.world.stepSimulation(DT, 1, DT);
            awake.world.stepSimulation(DT, 1, DT);
            for (int i = 0; i < plain.bodies.size(); i++) {
                MovingBody p = plain.bodies.get(i);
                MovingBody a = awake.bodies.get(i);
                String what = "body " + i + " after step " + step;
                assertThat(bits(a)).as(what).isEqualTo(bits(p));
                assertThat(a.getActivationState()).as(what).isEqualTo(p.getActivationState());
            }
            fewest = Math.min(fewest, ((AwakeDynamicsWorld) awake.world).awakeCount());
        }
        // the scene did fall asleep, so the passes did skip bodies
        assertThat(plain.sleepingAt(450)).isEqualTo(plain.bodies.size());
        assertThat(fewest).isZero();
    }

    /** The world transform, linear and angular velocity of a body, as the bits of their floats. */
    private static List<Integer> bits(MovingBody body) {
        Transform t = body.getWorldTransform(new Transform());
        float[] m = new float[16];
        t.getOpenGLMatrix(m);
        List<Integer> out = new ArrayList<>();
        for (float f : m) {
            out.add(Float.floatToRawIntBits(f));
        }
        for (Vector3f v : List.of(body.getLinearVelocity(new Vector3f()), body.getAngularVelocity(new Vector3f()))) {
            out.add(Float.floatToRawIntBits(v.x));
            out.add(Float.floatToRawIntBits(v.y));
            out.add(Float.floatToRawIntBits(v.z));
        }
        return out;
    }

    private static final class Scene {
        final DiscreteDynamicsWorld world;
        final List<MovingBody> bodies = new ArrayList<>();
        private final List<Integer> sleeping = new ArrayList<>();

        Scene(boolean awake, boolean orrerySolver) {
            DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();
            CollisionDispatcher dispatcher = new CollisionDispatcher(configuration);
            BoxContacts.register(dispatcher);
            DbvtBroadphase broadphase = new DbvtBroadphase();
            SequentialImpulseConstraintSolver solver = orrerySolver
                    ? new JointsLastSolver(JBulletWorld.SOLVER.jointIterations())
                    : new SequentialImpulseConstraintSolver();
            world = awake
                    ? new AwakeDynamicsWorld(dispatcher, broadphase, solver, configuration)
                    : new DiscreteDynamicsWorld(dispatcher, broadphase, solver, configuration);
            world.setGravity(new Vector3f(0, 0, -9.8f));
            if (orrerySolver) {
                JBulletWorld.configure(world.getSolverInfo(), JBulletWorld.SOLVER);
            }
            MovingBody ground = body(new StaticPlaneShape(new Vector3f(0, 0, 1), 0), 0, 0, 0, 0);
            ground.setActivationState(CollisionObject.ISLAND_SLEEPING); // as JBulletWorld adds a static body
            for (int column = 0; column < 3; column++) { // stacks: islands of several bodies and manifolds
                for (int level = 0; level < 3; level++) {
                    body(new BoxShape(new Vector3f(0.5f, 0.5f, 0.5f)), 1, 3 * column, 0, 0.5f + 1.001f * level);
                }
            }
            for (int i = 0; i < 6; i++) {
                body(new SphereShape(0.3f), 1, 1.5f * i, 4, 0.3f);
                body(new CylinderShapeZ(new Vector3f(0.3f, 0.3f, 0.4f)), 2, 1.5f * i, -4, 0.4f);
            }
            // two boxes side by side on the ground, hinged between them
            MovingBody a = body(new BoxShape(new Vector3f(0.2f, 0.2f, 0.2f)), 1, 10, 0, 0.2f);
            MovingBody b = body(new BoxShape(new Vector3f(0.2f, 0.2f, 0.2f)), 1, 10.5f, 0, 0.2f);
            HingeConstraint hinge = new HingeConstraint(
                    a,
                    b,
                    new Vector3f(0.25f, 0, 0),
                    new Vector3f(-0.25f, 0, 0),
                    new Vector3f(0, 1, 0),
                    new Vector3f(0, 1, 0));
            world.addConstraint(hinge, true);
        }

        private MovingBody body(CollisionShape shape, float mass, float x, float y, float z) {
            Vector3f inertia = new Vector3f();
            if (mass > 0) {
                shape.calculateLocalInertia(mass, inertia);
            }
            RigidBodyConstructionInfo info = new RigidBodyConstructionInfo(mass, null, shape, inertia);
            info.startWorldTransform.setIdentity();
            info.startWorldTransform.origin.set(x, y, z);
            info.friction = 0.8f;
            MovingBody body = new MovingBody(info);
            world.addRigidBody(body);
            bodies.add(body);
            return body;
        }

        /** What happens before {@code step}: the same to both worlds. */
        void act(int step) {
            MovingBody sphere = bodies.get(10);
            switch (step) {
                case 400 -> sphere.setLinearVelocity(new Vector3f(1, 0, 0)); // asleep: JBullet drops it
                case 420 -> bodies.get(1).applyCentralForce(new Vector3f(0, 0, 500)); // asleep: dropped too
                case 450 -> sleeping.add(count());
                case 500 -> { // thrown into the first stack
                    MovingBody ball = bodies.get(12);
                    Transform t = new Transform();
                    t.setIdentity();
                    t.origin.set(-2, 0, 1.2f);
                    ball.setWorldTransform(t);
                    ball.setInterpolationWorldTransform(t);
                    ball.setLinearVelocity(new Vector3f(8, 0, 0));
                    ball.activate(true);
                }
                case 900 -> { // out and back in: last in the world's order
                    MovingBody box = bodies.get(5);
                    world.removeRigidBody(box);
                    world.addRigidBody(box);
                    box.activate(true);
                }
                case 1100 -> bodies.get(7).applyTorque(new Vector3f(0, 0, 50));
                default -> {}
            }
        }

        int sleepingAt(int step) {
            return step == 450 ? sleeping.get(0) : -1;
        }

        private int count() {
            int n = 0;
            for (MovingBody b : bodies) {
                n += b.getActivationState() == CollisionObject.ISLAND_SLEEPING ? 1 : 0;
            }
            return n;
        }
    }
}
