package io.orrery.physics.jbullet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.CompoundShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.linearmath.DefaultMotionState;
import com.bulletphysics.linearmath.Transform;
import java.util.ArrayList;
import java.util.List;
import javax.vecmath.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The box contact generators in a real JBullet world: one collision-detection pass, then the manifold's points.
 * Boxes are 1 m cubes; the lower one is static at the origin, so its top face is at z = 0.5.
 */
class BoxBoxCollisionAlgorithmTests {

    private static final float HALF = 0.5f;
    private static final float OVERLAP = 0.01f;
    private static final float TOLERANCE = 1e-4f;

    private final DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();
    private final CollisionDispatcher dispatcher = new CollisionDispatcher(configuration);
    private final DiscreteDynamicsWorld world;

    BoxBoxCollisionAlgorithmTests() {
        BoxContacts.register(dispatcher);
        world = new DiscreteDynamicsWorld(
                dispatcher, new DbvtBroadphase(), new SequentialImpulseConstraintSolver(), configuration);
    }

    @AfterEach
    void destroy() {
        world.destroy();
    }

    @Test
    void boxRestingFaceOnGivesTheFourCornersOfItsFace() {
        RigidBody lower = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 0, pose(0, 0, 0));
        RigidBody upper = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 1, pose(0, 0, 2 * HALF - OVERLAP));

        Contacts contacts = detect();

        assertThat(contacts.points()).hasSize(4);
        for (ManifoldPoint p : contacts.points()) {
            assertThat(p.getDistance()).isCloseTo(-OVERLAP, within(TOLERANCE));
            assertUp(contacts, upper, lower, p);
            assertThat(Math.abs(p.positionWorldOnB.x)).isCloseTo(HALF, within(TOLERANCE));
            assertThat(Math.abs(p.positionWorldOnB.y)).isCloseTo(HALF, within(TOLERANCE));
        }
        assertThat(contacts.points())
                .extracting(p -> Math.signum(p.positionWorldOnB.x) * 2 + Math.signum(p.positionWorldOnB.y))
                .as("one point per corner")
                .doesNotHaveDuplicates();
    }

    @Test
    void boxTurnedAboutTheVerticalGivesAPatchInsideBothFaces() {
        RigidBody lower = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 0, pose(0, 0, 0));
        Transform turned = pose(0, 0, 2 * HALF - OVERLAP);
        turned.basis.rotZ((float) Math.PI / 4);
        RigidBody upper = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 1, turned);

        Contacts contacts = detect();

        // The overlap of the two squares is an octagon: four of its corners are kept, spread over it.
        assertThat(contacts.points()).hasSizeBetween(3, 4);
        float widest = 0;
        for (ManifoldPoint p : contacts.points()) {
            assertThat(p.getDistance()).isCloseTo(-OVERLAP, within(TOLERANCE));
            assertUp(contacts, upper, lower, p);
            Vector3f onLower = contacts.onBody(lower, p);
            assertThat(onLower.z).isCloseTo(HALF, within(TOLERANCE));
            assertThat(Math.max(Math.abs(onLower.x), Math.abs(onLower.y))).isLessThanOrEqualTo(HALF + TOLERANCE);
            assertThat(Math.abs(onLower.x) + Math.abs(onLower.y))
                    .isLessThanOrEqualTo(HALF * (float) Math.sqrt(2) + TOLERANCE);
            for (ManifoldPoint q : contacts.points()) {
                Vector3f d = new Vector3f();
                d.sub(p.positionWorldOnB, q.positionWorldOnB);
                widest = Math.max(widest, d.length());
            }
        }
        assertThat(widest).as("the patch spans the overlap").isGreaterThan(HALF);
    }

    @Test
    void separatedBoxesGiveNoContact() {
        body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 0, pose(0, 0, 0));
        // 3 cm apart: beyond JBullet's 2 cm contact-breaking threshold.
        body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 1, pose(0.3f, 0, 2 * HALF + 0.03f));

        assertThat(detect().points()).isEmpty();
    }

    @Test
    void crossedEdgesGiveOnePointWhereTheyCross() {
        Transform lowerPose = pose(0, 0, 0);
        lowerPose.basis.rotX((float) Math.PI / 4); // its top is an edge along x at z = 0.5·√2
        RigidBody lower = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 0, lowerPose);
        float ridge = HALF * (float) Math.sqrt(2);
        Transform upperPose = pose(0, 0, 2 * ridge - OVERLAP);
        upperPose.basis.rotY((float) Math.PI / 4); // its bottom is an edge along y
        RigidBody upper = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 1, upperPose);

        Contacts contacts = detect();

        assertThat(contacts.points()).hasSize(1);
        ManifoldPoint p = contacts.points().get(0);
        assertThat(p.getDistance()).isCloseTo(-OVERLAP, within(TOLERANCE));
        assertUp(contacts, upper, lower, p);
        Vector3f onLower = contacts.onBody(lower, p);
        assertThat(onLower.x).isCloseTo(0, within(TOLERANCE));
        assertThat(onLower.y).isCloseTo(0, within(TOLERANCE));
        assertThat(onLower.z).isCloseTo(ridge, within(TOLERANCE));
    }

    @Test
    void boxOnAPlaneGivesItsFourBottomCornersInEitherOrder() {
        for (boolean planeFirst : new boolean[] {false, true}) {
            DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();
            CollisionDispatcher dispatcher = new CollisionDispatcher(configuration);
            BoxContacts.register(dispatcher);
            DiscreteDynamicsWorld world = new DiscreteDynamicsWorld(
                    dispatcher, new DbvtBroadphase(), new SequentialImpulseConstraintSolver(), configuration);
            RigidBody plane = null;
            if (planeFirst) {
                plane = body(world, new StaticPlaneShape(new Vector3f(0, 0, 1), 0), 0, pose(0, 0, 0));
            }
            RigidBody box = body(world, new BoxShape(new Vector3f(HALF, HALF, HALF)), 1, pose(0, 0, HALF - OVERLAP));
            if (!planeFirst) {
                plane = body(world, new StaticPlaneShape(new Vector3f(0, 0, 1), 0), 0, pose(0, 0, 0));
            }

            Contacts contacts = detect(world, dispatcher);

            assertThat(contacts.points()).as("plane first: %s", planeFirst).hasSize(4);
            for (ManifoldPoint p : contacts.points()) {
                assertThat(p.getDistance()).isCloseTo(-OVERLAP, within(TOLERANCE));
                assertUp(contacts, box, plane, p);
                Vector3f onPlane = contacts.onBody(plane, p);
                assertThat(onPlane.z).isCloseTo(0, within(TOLERANCE));
                assertThat(Math.abs(onPlane.x)).isCloseTo(HALF, within(TOLERANCE));
                assertThat(Math.abs(onPlane.y)).isCloseTo(HALF, within(TOLERANCE));
            }
            world.destroy();
        }
    }

    @Test
    void aRepeatedPatchKeepsItsImpulsesAndAMovedOneDropsWhatIsGone() {
        body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 0, pose(0, 0, 0));
        RigidBody upper = body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 1, pose(0, 0, 2 * HALF - OVERLAP));
        for (ManifoldPoint p : detect().points()) {
            p.appliedImpulse = 1.5f;
        }

        Contacts again = detect();
        assertThat(again.points())
                .hasSize(4)
                .allSatisfy(p -> assertThat(p.appliedImpulse).isEqualTo(1.5f));

        // Half a box to the side: the patch is now x in [0, 0.5]; the points at x = -0.5 must be gone.
        upper.setWorldTransform(pose(HALF, 0, 2 * HALF - OVERLAP));
        Contacts moved = detect();
        assertThat(moved.points()).hasSize(4);
        for (ManifoldPoint p : moved.points()) {
            assertThat(p.positionWorldOnB.x).isBetween(-TOLERANCE, HALF + TOLERANCE);
            assertThat(p.getDistance()).isCloseTo(-OVERLAP, within(TOLERANCE));
        }
    }

    @Test
    void aBoxInsideACompoundKeepsJBulletsOwnAlgorithm() {
        body(new BoxShape(new Vector3f(HALF, HALF, HALF)), 0, pose(0, 0, 0));
        CompoundShape compound = new CompoundShape();
        compound.addChildShape(pose(0, 0, 0), new BoxShape(new Vector3f(HALF, HALF, HALF)));
        body(compound, 1, pose(0, 0, 2 * HALF - OVERLAP));

        // JBullet's GJK adds one point per pass; this generator would add four.
        assertThat(detect().points()).hasSize(1);
    }

    // ---- helpers

    /** The contacts found, and the manifold's body order that gives the normal its direction. */
    private record Contacts(List<ManifoldPoint> points, Object body0) {

        /** The point on the given body's surface. */
        Vector3f onBody(RigidBody body, ManifoldPoint p) {
            return new Vector3f(body == body0 ? p.positionWorldOnA : p.positionWorldOnB);
        }
    }

    /** The normal points from the manifold's body 1 to its body 0: up when the upper body is body 0. */
    private static void assertUp(Contacts contacts, RigidBody upper, RigidBody lower, ManifoldPoint p) {
        float up = contacts.body0() == upper ? 1 : -1;
        assertThat(contacts.body0()).isIn(upper, lower);
        assertThat(p.normalWorldOnB.x).isCloseTo(0, within(TOLERANCE));
        assertThat(p.normalWorldOnB.y).isCloseTo(0, within(TOLERANCE));
        assertThat(p.normalWorldOnB.z).isCloseTo(up, within(TOLERANCE));
    }

    private Contacts detect() {
        return detect(world, dispatcher);
    }

    private static Contacts detect(DiscreteDynamicsWorld world, CollisionDispatcher dispatcher) {
        world.performDiscreteCollisionDetection();
        List<ManifoldPoint> points = new ArrayList<>();
        Object body0 = null;
        for (int i = 0; i < dispatcher.getNumManifolds(); i++) {
            PersistentManifold manifold = dispatcher.getManifoldByIndexInternal(i);
            for (int j = 0; j < manifold.getNumContacts(); j++) {
                points.add(manifold.getContactPoint(j));
                body0 = manifold.getBody0();
            }
        }
        return new Contacts(points, body0);
    }

    private RigidBody body(CollisionShape shape, float mass, Transform pose) {
        return body(world, shape, mass, pose);
    }

    private static RigidBody body(DiscreteDynamicsWorld world, CollisionShape shape, float mass, Transform pose) {
        Vector3f inertia = new Vector3f();
        if (mass > 0) {
            shape.calculateLocalInertia(mass, inertia);
        }
        RigidBody body =
                new RigidBody(new RigidBodyConstructionInfo(mass, new DefaultMotionState(pose), shape, inertia));
        world.addRigidBody(body);
        return body;
    }

    private static Transform pose(float x, float y, float z) {
        Transform t = new Transform();
        t.setIdentity();
        t.origin.set(x, y, z);
        return t;
    }
}
