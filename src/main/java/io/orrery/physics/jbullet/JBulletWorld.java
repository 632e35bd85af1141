package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.CompoundShape;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.ContactSolverInfo;
import com.bulletphysics.dynamics.constraintsolver.SolverMode;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.linearmath.Transform;
import io.orrery.log.LogSafe;
import io.orrery.physics.Articulation;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.SolverSettings;
import io.orrery.physics.rigid.JointFrame;
import io.orrery.physics.rigid.KeptShapes;
import io.orrery.physics.rigid.LinkPlan;
import io.orrery.physics.rigid.LinkShape;
import io.orrery.physics.rigid.Model;
import io.orrery.physics.rigid.RigidWorld;
import io.orrery.world.InertialSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.vecmath.Vector3f;

/** A {@link PhysicsWorld} on a JBullet {@link com.bulletphysics.dynamics.DiscreteDynamicsWorld}. */
final class JBulletWorld extends RigidWorld<LinkBody, JointConstraint> {

    /** A shapeless body is in no collision group and collides with nothing. */
    private static final short NO_COLLISION = 0;

    private static final System.Logger LOG = System.getLogger(JBulletWorld.class.getName());

    /**
     * Orrery's solver settings for JBullet (docs/physics-engines.md says what each bought): split impulse for every
     * overlapping contact, so that pushing a penetration out adds no velocity, and 20 iterations over the contacts,
     * the joints taking part in the last 10 as they did before.
     */
    static final SolverSettings SOLVER =
            SolverSettings.JBULLET_DEFAULTS.withSplitImpulse(0).withIterations(20, 10);

    /**
     * Kept across resets: it holds the collision algorithms' factories and the simplex and penetration solvers they
     * share, which start every query afresh, and nothing of a world.
     */
    private final DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();

    /** The loaded links' shapes, kept across resets (a shape holds nothing of a body or a world). */
    private final KeptShapes<CollisionShape> shapes;

    /**
     * How building this world made the broadphase's tree (recorded at the load), so that a reset that builds it the
     * same way gets the same tree without walking it 20,000 times; null until then, or when a building did not record.
     */
    private DbvtTemplate tree;

    /** Where the world came from, for the log. */
    private Path source;

    private CollisionDispatcher dispatcher;
    private DbvtBroadphase broadphase;
    private JointsLastSolver solver;
    private AwakeDynamicsWorld dynamics;
    /** The length of the last step, s: the contacts' impulses are over it. */
    private double lastDt = Double.NaN;
    /** The static body that stands for {@code world} in joints; never added to the dynamics world. */
    private RigidBody worldAnchor;

    private final SolverSettings solverSettings;

    JBulletWorld(WorldSpec spec, Articulation articulation, SolverSettings solverSettings) {
        super(spec, true, articulation); // MovingBody reports every body that moved, woke or fell asleep
        this.solverSettings = solverSettings;
        this.shapes = new KeptShapes<>(spec, ShapeFactory.SHAPES);
        populate();
    }

    @Override
    protected String engineName() {
        return "jbullet";
    }

    @Override
    protected void createWorld(WorldSpec spec) {
        source = spec.source();
        dispatcher = new CollisionDispatcher(configuration);
        BoxContacts.register(dispatcher);
        broadphase = RepeatableDbvt.install(new DbvtBroadphase(), tree);
        solver = new JointsLastSolver(solverSettings.jointIterations());
        dynamics = new AwakeDynamicsWorld(dispatcher, broadphase, solver, configuration);
        dynamics.setGravity(Convert.vector(spec.gravity()));
        configure(dynamics.getSolverInfo(), solverSettings);
        worldAnchor = new RigidBody(new RigidBodyConstructionInfo(0, null, new CompoundShape()));
    }

    @Override
    protected void populated() {
        RepeatableDbvt dynamicSet = (RepeatableDbvt) broadphase.sets[0];
        boolean recorded = tree != null;
        tree = dynamicSet.built();
        if (recorded && !dynamicSet.repeated()) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "{0}: the broadphase tree was built anew, the building left the recorded one at operation {1}",
                    LogSafe.of(source),
                    dynamicSet.leftAt());
        }
    }

    /** True when the last building of this world (the load, or a reset) repeated the load's broadphase tree. */
    boolean repeatedTree() {
        return ((RepeatableDbvt) broadphase.sets[0]).repeated();
    }

    /** Sets JBullet's solver info from the settings (AwakeDynamicsWorldTests sets its worlds up the same way). */
    static void configure(ContactSolverInfo info, SolverSettings settings) {
        info.numIterations = settings.iterations();
        info.splitImpulse = settings.splitImpulse();
        info.splitImpulsePenetrationThreshold = (float) settings.splitImpulseThreshold();
        info.erp = (float) settings.contactErp();
        info.erp2 = (float) settings.splitImpulseErp();
        info.solverMode = settings.randomOrder()
                ? info.solverMode | SolverMode.SOLVER_RANDMIZE_ORDER
                : info.solverMode & ~SolverMode.SOLVER_RANDMIZE_ORDER;
    }

    /**
     * No: JBullet's hinge against a static parent lets a velocity servo on joint_controller.sdf's pitched rotor read
     * 1.3e-4 rad/s off its target every step (2e-7 against a moving base held to the world): such a base stays a body.
     */
    @Override
    protected boolean staticCarriers() {
        return false;
    }

    @Override
    protected void stepWorld(double dt, Runnable pushes) {
        lastDt = dt;
        applyGyroscopicTorques();
        pushes.run();
        // maxSubSteps 1 with fixedTimeStep == dt: exactly one internal step per call.
        dynamics.stepSimulation((float) dt, 1, (float) dt);
    }

    /**
     * Euler's gyroscopic term -ω × (I ω), which JBullet 2.72 leaves out (Bullet 3 adds it, implicitly): without it a
     * torque-free body keeps its angular velocity however its inertia tumbles it. Explicit, for the next step.
     */
    private void applyGyroscopicTorques() {
        dynamics.forEachAwake(gyroscopic);
    }

    private final java.util.function.Consumer<MovingBody> gyroscopic = body -> {
        if (body.isStaticOrKinematicObject() || !body.isActive() || !(body.getUserPointer() instanceof LinkBody link)) {
            return;
        }
        Vec3 w = link.angularVelocity();
        if (w.length() == 0) {
            return;
        }
        io.orrery.world.Quat q = link.comPose().rotation();
        Vec3 wb = q.conjugate().rotate(w);
        Vec3 momentum = q.rotate(new Vec3(link.inertia.x * wb.x(), link.inertia.y * wb.y(), link.inertia.z * wb.z()));
        body.applyTorque(Convert.vector(w.cross(momentum).times(-1)));
    };

    // ---- building

    @Override
    protected LinkBody buildLink(LinkPlan plan) {
        boolean staticNow = plan.staticNow();
        LinkShape<CollisionShape> shape = shapes.of(plan);
        boolean alwaysStatic = plan.alwaysStatic(shape.staticOnly());
        float mass = (float) plan.mass();

        // the principal moments, the body frame turned along their axes (LinkPlan)
        InertialSpec.Inertia principal = plan.inertia();
        Vector3f inertia = new Vector3f((float) principal.ixx(), (float) principal.iyy(), (float) principal.izz());

        // No motion state: Orrery reads the body's own transform. JBullet interpolates and copies a motion state
        // for every moving body twice a step, asleep or not: most of a step once the bodies sleep.
        RigidBodyConstructionInfo info = new RigidBodyConstructionInfo(
                staticNow ? 0 : mass, null, shape.shape(), staticNow ? new Vector3f() : inertia);
        info.startWorldTransform.set(Convert.transform(plan.startPose()));
        info.friction = (float) shape.surface().friction();
        info.restitution = (float) shape.surface().restitution();
        info.linearSleepingThreshold = LinkPlan.LINEAR_SLEEP_THRESHOLD;
        info.angularSleepingThreshold = LinkPlan.ANGULAR_SLEEP_THRESHOLD;
        MovingBody body = new MovingBody(info); // an UnclampedBody that reports its motion
        SurfaceMixing.enable(body);
        if (plan.keepAwake()) {
            body.setActivationState(CollisionObject.DISABLE_DEACTIVATION);
        }
        LinkBody result = new LinkBody(plan, body, inertia, alwaysStatic, shape);
        body.setUserPointer(result);
        body.reportTo(result);
        return result;
    }

    @Override
    protected JointConstraint buildJoint(JointFrame.Placed<LinkBody> joint) {
        TypedConstraint constraint = JointFactory.create(
                joint.where(),
                joint.spec(),
                joint.parent() == null ? worldAnchor : joint.parent().body,
                joint.inParent(),
                joint.child().body,
                joint.inChild());
        return new JointConstraint(joint, constraint);
    }

    // ---- bodies and joints in the dynamics world

    @Override
    protected void addBodies(Model<LinkBody, JointConstraint> model) {
        for (LinkBody link : model.links()) {
            addBody(link);
        }
    }

    private void addBody(LinkBody link) {
        if (link.shapeless()) {
            dynamics.addRigidBody(link.body, NO_COLLISION, NO_COLLISION);
        } else {
            dynamics.addRigidBody(link.body);
        }
        dynamics.updateSingleAabb(link.body);
        if (link.body.isStaticObject()) {
            // Asleep from the start, as Bullet 3 adds a static body: an awake ground plane would have every body
            // resting on it collide again every step, asleep or not, for its first 2 s of sim time and after
            // every teleport.
            link.body.setActivationState(CollisionObject.ISLAND_SLEEPING);
        }
    }

    @Override
    protected void removeBody(LinkBody link) {
        dynamics.removeRigidBody(link.body);
    }

    @Override
    protected void setBodyStatic(LinkBody link, boolean fixed) {
        RigidBody body = link.body;
        dynamics.removeRigidBody(body);
        // Velocities first: JBullet asserts that a static body's velocity is never set.
        if (!body.isStaticObject()) {
            body.setLinearVelocity(new Vector3f());
            body.setAngularVelocity(new Vector3f());
        }
        body.setMassProps(fixed ? 0 : link.mass(), fixed ? new Vector3f() : link.inertia);
        body.updateInertiaTensor();
        body.clearForces();
        addBody(link);
        body.forceActivationState(link.keepAwake() ? CollisionObject.DISABLE_DEACTIVATION : CollisionObject.ACTIVE_TAG);
        body.setDeactivationTime(0);
    }

    @Override
    protected void addConstraints(JointConstraint joint) {
        if (joint.constraint == null) {
            return; // a gearbox: its coupling acts between steps
        }
        // true: the two jointed bodies do not collide with each other.
        dynamics.addConstraint(joint.constraint, true);
        if (joint.drive != null) {
            // Solved after the joint's own constraint; the pair's collisions are already off.
            dynamics.addConstraint(joint.drive, false);
        }
        if (joint.rows != null) {
            dynamics.addConstraint(joint.rows, false);
        }
    }

    @Override
    protected void removeConstraints(JointConstraint joint) {
        if (joint.constraint == null) {
            return;
        }
        dynamics.removeConstraint(joint.constraint);
        if (joint.drive != null) {
            dynamics.removeConstraint(joint.drive);
        }
        if (joint.rows != null) {
            dynamics.removeConstraint(joint.rows);
        }
    }

    /** Teleports a body: world and interpolation transforms, world inertia and the broadphase box, at once. */
    @Override
    protected void place(LinkBody link, Pose comWorld) {
        Transform t = Convert.transform(comWorld);
        RigidBody body = link.body;
        body.setWorldTransform(t);
        body.setInterpolationWorldTransform(t);
        // The solver works with the world inertia of the last integration until the next one: turn it now
        body.updateInertiaTensor();
        body.clearForces();
        body.activate(true);
        dynamics.updateSingleAabb(body);
    }

    /** As {@link #place}, but the body stays as awake or asleep as it is, and keeps its forces. */
    @Override
    protected void moveQuietly(LinkBody link, Pose comWorld, Vec3 linear, Vec3 angular) {
        Transform t = Convert.transform(comWorld);
        RigidBody body = link.body;
        body.setWorldTransform(t);
        body.setInterpolationWorldTransform(t);
        body.updateInertiaTensor();
        link.setVelocity(linear, angular);
        dynamics.updateSingleAabb(body);
    }

    /**
     * Lets the whole world go at once. Removing its bodies one by one, as JBullet's own destroy does too, walks the
     * broadphase tree and the overlapping pairs for each; nothing outside this world refers to its bodies, proxies,
     * pairs or contacts, and a reset builds every body anew.
     */
    @Override
    protected void destroyWorld(Iterable<Model<LinkBody, JointConstraint>> models) {
        dynamics = null;
        broadphase = null;
        dispatcher = null;
        solver = null;
        worldAnchor = null;
    }

    // ---- queries

    @Override
    protected Optional<RayHit> castRay(Vec3 from, Vec3 to) {
        return WorldQueries.rayCast(dynamics, from, to);
    }

    @Override
    protected List<ContactPoint> contactsOf(LinkBody link) {
        return WorldQueries.contacts(dispatcher, link, lastDt);
    }
}
