package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.CollisionFilterGroups;
import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.CompoundShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.linearmath.DefaultMotionState;
import com.bulletphysics.linearmath.Transform;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.JointState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.Twist;
import io.orrery.physics.UnknownJointException;
import io.orrery.physics.UnknownModelException;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.vecmath.Vector3f;

/**
 * A {@link PhysicsWorld} on a JBullet {@link DiscreteDynamicsWorld}. {@link #reset()} rebuilds everything from the
 * spec kept at construction, so a reset world behaves exactly like a freshly built one.
 */
final class JBulletWorld implements PhysicsWorld {

    private static final Logger LOG = System.getLogger(JBulletWorld.class.getName());

    /**
     * Sleep when slower than this (m/s and rad/s) for Bullet's 2 s. Bullet's defaults (0.8 and 1.0) would put a
     * gently swinging pendulum to sleep.
     */
    private static final float LINEAR_SLEEP_THRESHOLD = 0.02f;
    private static final float ANGULAR_SLEEP_THRESHOLD = 0.02f;
    /** SDF's default inertia (kg·m²) for a link that gives neither an inertia tensor nor a shape. */
    private static final float DEFAULT_INERTIA = 1f;
    /** A shapeless body is in no collision group and collides with nothing. */
    private static final short NO_COLLISION = 0;

    private final WorldSpec spec;
    private final Map<String, ModelBodies> models = new LinkedHashMap<>();
    private DefaultCollisionConfiguration configuration;
    private CollisionDispatcher dispatcher;
    private DbvtBroadphase broadphase;
    private SequentialImpulseConstraintSolver solver;
    private DiscreteDynamicsWorld dynamics;
    /** The static body that stands for {@code world} in joints; never added to the dynamics world. */
    private RigidBody worldAnchor;
    private int bodyCount;
    private boolean closed;

    JBulletWorld(WorldSpec spec) {
        this.spec = spec;
        populate();
    }

    private void populate() {
        configuration = new DefaultCollisionConfiguration();
        dispatcher = new CollisionDispatcher(configuration);
        BoxContacts.register(dispatcher);
        broadphase = new DbvtBroadphase();
        solver = new SequentialImpulseConstraintSolver();
        dynamics = new DiscreteDynamicsWorld(dispatcher, broadphase, solver, configuration);
        dynamics.setGravity(Convert.vector(spec.gravity()));
        worldAnchor = new RigidBody(new RigidBodyConstructionInfo(0, new DefaultMotionState(), new CompoundShape()));
        bodyCount = 0;
        int offDiagonal = 0;
        for (ModelSpec model : spec.models()) {
            offDiagonal += insert(model);
        }
        if (offDiagonal > 0) {
            LOG.log(Level.INFO, "{0}: {1} link(s) give off-diagonal inertia terms; only ixx, iyy and izz are used",
                    spec.source(), offDiagonal);
        }
    }

    @Override
    public void step(double dt) {
        checkOpen();
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("expected a positive finite step size, got " + dt);
        }
        for (ModelBodies model : models.values()) {
            for (JointConstraint joint : model.joints) {
                beforeStep(joint, dt);
            }
        }
        // maxSubSteps 1 with fixedTimeStep == dt: exactly one internal step per call.
        dynamics.stepSimulation((float) dt, 1, (float) dt);
        for (ModelBodies model : models.values()) {
            for (JointConstraint joint : model.joints) {
                afterStep(joint, dt);
            }
        }
    }

    /** Sets the joint's drive for the step and applies its force command (Bullet clears forces after the step). */
    private static void beforeStep(JointConstraint joint, double dt) {
        if (joint.drive == null || !joint.added) {
            return;
        }
        joint.drive.prepare(dt);
        double force = joint.commandedForce();
        if (force != 0 || !Double.isNaN(joint.velocityCommand)) {
            joint.child.body.activate(true);
            if (joint.parent != null) {
                joint.parent.body.activate(true);
            }
        }
        if (force == 0) {
            return;
        }
        Vec3 axis = joint.axis();
        Vector3f onChild = Convert.vector(axis.times(force));
        Vector3f onParent = Convert.vector(axis.times(-force));
        if (joint.isPrismatic()) {
            joint.child.body.applyCentralForce(onChild);
            if (joint.parent != null) {
                Vec3 at = joint.child.comPose().position().minus(joint.parent.comPose().position());
                joint.parent.body.applyForce(onParent, Convert.vector(at));
            }
        } else {
            joint.child.body.applyTorque(onChild);
            if (joint.parent != null) {
                joint.parent.body.applyTorque(onParent);
            }
        }
    }

    /** Records what the joint applied, tracks its position for unwrapping, and clears its commands. */
    private static void afterStep(JointConstraint joint, double dt) {
        if (joint.drive != null) {
            joint.effort = joint.added ? joint.commandedForce() + joint.drive.effort(dt) : 0;
            joint.position = joint.currentPosition();
        }
        joint.force = 0;
        joint.velocityCommand = Double.NaN;
    }

    @Override
    public List<String> modelNames() {
        checkOpen();
        return List.copyOf(models.keySet());
    }

    @Override
    public Optional<ModelState> model(String name) {
        checkOpen();
        ModelBodies model = models.get(name);
        return model == null ? Optional.empty() : Optional.of(model.state());
    }

    @Override
    public int bodyCount() {
        checkOpen();
        return bodyCount;
    }

    @Override
    public void setModelPose(String name, Pose pose) {
        ModelBodies model = require(name);
        requireFinite(pose);
        Pose current = model.pose();
        // Every link moves by the same rigid transform that takes the old model pose to the new one.
        Pose delta = pose.compose(current.inverse());
        for (LinkBody link : model.links) {
            Pose newLink = delta.compose(link.linkPose());
            place(link, newLink.compose(link.comInLink));
        }
        model.fixedPose = pose;
    }

    @Override
    public void setModelVelocity(String name, Twist velocity) {
        ModelBodies model = require(name);
        if (model.isStatic) {
            throw new IllegalStateException("model '" + name + "' is static; make it dynamic before setting a velocity");
        }
        if (!velocity.linear().isFinite() || !velocity.angular().isFinite()) {
            throw new IllegalArgumentException("expected a finite velocity, got " + velocity);
        }
        Vector3f angular = Convert.vector(velocity.angular());
        for (LinkBody link : model.links) {
            if (link.alwaysStatic) {
                continue;
            }
            Pose com = link.comPose();
            Vec3 origin = com.compose(link.linkInCom).position();
            Vec3 linear = velocity.linear().plus(velocity.angular().cross(com.position().minus(origin)));
            link.body.setLinearVelocity(Convert.vector(linear));
            link.body.setAngularVelocity(angular);
            link.body.activate(true);
        }
    }

    @Override
    public void setLinkVelocity(String model, String link, Twist velocity) {
        ModelBodies bodies = require(model);
        if (bodies.isStatic) {
            throw new IllegalStateException("model '" + model + "' is static; make it dynamic before setting a velocity");
        }
        if (!velocity.linear().isFinite() || !velocity.angular().isFinite()) {
            throw new IllegalArgumentException("expected a finite velocity, got " + velocity);
        }
        LinkBody body = bodies.link(link);
        if (body == null) {
            throw new IllegalArgumentException("model '" + model + "' has no link named '" + link + "'");
        }
        if (body.alwaysStatic) {
            return;
        }
        // The body lives at the centre of mass: move the linear velocity there from the link origin.
        Vec3 com = body.comPose().position();
        Vec3 origin = body.linkPose().position();
        Vec3 linear = velocity.linear().plus(velocity.angular().cross(com.minus(origin)));
        body.body.setLinearVelocity(Convert.vector(linear));
        body.body.setAngularVelocity(Convert.vector(velocity.angular()));
        body.body.activate(true);
    }

    @Override
    public void setStatic(String name, boolean isStatic) {
        ModelBodies model = require(name);
        if (model.isStatic == isStatic) {
            return;
        }
        Pose pose = model.pose();
        removeJoints(model);
        for (LinkBody link : model.links) {
            dynamics.removeRigidBody(link.body);
            boolean fixed = isStatic || link.alwaysStatic;
            // Velocities first: JBullet asserts that a static body's velocity is never set.
            if (!link.body.isStaticObject()) {
                link.body.setLinearVelocity(new Vector3f());
                link.body.setAngularVelocity(new Vector3f());
            }
            link.body.setMassProps(fixed ? 0 : link.mass, fixed ? new Vector3f() : link.inertia);
            link.body.updateInertiaTensor();
            link.body.clearForces();
            addBody(link);
            link.body.forceActivationState(
                    link.keepAwake ? CollisionObject.DISABLE_DEACTIVATION : CollisionObject.ACTIVE_TAG);
            link.body.setDeactivationTime(0);
        }
        model.isStatic = isStatic;
        model.fixedPose = pose;
        addJoints(model);
    }

    @Override
    public void addModel(ModelSpec model) {
        checkOpen();
        if (models.containsKey(model.name())) {
            throw new IllegalArgumentException("a model named '" + model.name() + "' already exists");
        }
        insert(model);
    }

    @Override
    public void removeModel(String name) {
        ModelBodies model = require(name);
        removeJoints(model);
        for (LinkBody link : model.links) {
            dynamics.removeRigidBody(link.body);
        }
        bodyCount -= model.links.size();
        models.remove(name);
    }

    @Override
    public Optional<JointState> joint(String model, String joint) {
        return Optional.ofNullable(require(model).joint(joint)).map(JointConstraint::state);
    }

    @Override
    public void setJointVelocityCommand(String model, String joint, double velocity) {
        requireFinite("velocity", velocity);
        actuated(model, joint).velocityCommand = velocity;
    }

    @Override
    public void setJointForce(String model, String joint, double effort) {
        requireFinite("effort", effort);
        actuated(model, joint).force = effort;
    }

    @Override
    public void resetJointPosition(String model, String joint, double position) {
        requireFinite("position", position);
        ModelBodies bodies = require(model);
        JointReset.apply(bodies, actuated(model, joint), position, this::place);
    }

    @Override
    public Optional<RayHit> rayCast(Vec3 from, Vec3 to) {
        checkOpen();
        if (!from.isFinite() || !to.isFinite()) {
            throw new IllegalArgumentException("expected a finite ray, got " + from + " to " + to);
        }
        return WorldQueries.rayCast(dynamics, from, to);
    }

    @Override
    public List<ContactPoint> contacts(String model, String link) {
        LinkBody body = require(model).link(link);
        if (body == null) {
            throw new IllegalArgumentException("model '" + model + "' has no link named '" + link + "'");
        }
        return WorldQueries.contacts(dispatcher, body);
    }

    @Override
    public void reset() {
        checkOpen();
        destroy();
        populate();
    }

    @Override
    public void close() {
        if (!closed) {
            destroy();
            closed = true;
        }
    }

    // ---- building

    /** Builds a top-level model and adds it; returns the number of links with off-diagonal inertia. */
    private int insert(ModelSpec top) {
        requireFinite(top.pose());
        List<LinkBody> links = new ArrayList<>();
        Map<String, LinkBody> byName = new HashMap<>();
        int[] offDiagonal = {0};
        buildLinks(top, top, "", Pose.IDENTITY, false, !top.allowAutoDisable(), links, byName, offDiagonal);
        List<JointConstraint> joints = new ArrayList<>();
        buildJoints(top, top, "", byName, joints);
        ModelBodies model = new ModelBodies(top, links, joints, canonical(top, "", byName));
        for (LinkBody link : links) {
            addBody(link);
        }
        addJoints(model);
        models.put(top.name(), model);
        bodyCount += links.size();
        return offDiagonal[0];
    }

    private void buildLinks(ModelSpec top, ModelSpec model, String prefix, Pose modelInTop, boolean nestedStatic,
            boolean keepAwake, List<LinkBody> out, Map<String, LinkBody> byName, int[] offDiagonal) {
        for (LinkSpec link : model.links()) {
            String name = prefix + link.name();
            String where = "model '" + top.name() + "' link '" + name + "'";
            LinkBody body = buildLink(where, name, link, modelInTop.compose(link.pose()), top, nestedStatic,
                    keepAwake, offDiagonal);
            if (byName.putIfAbsent(name, body) != null) {
                throw new IllegalArgumentException("model '" + top.name() + "': two links named '" + name + "'");
            }
            out.add(body);
        }
        for (ModelSpec nested : model.models()) {
            buildLinks(top, nested, prefix + nested.name() + "::", modelInTop.compose(nested.pose()),
                    nestedStatic || nested.isStatic(), keepAwake || !nested.allowAutoDisable(), out, byName,
                    offDiagonal);
        }
    }

    private LinkBody buildLink(String where, String name, LinkSpec link, Pose poseInModel, ModelSpec top,
            boolean nestedStatic, boolean keepAwake, int[] offDiagonal) {
        InertialSpec inertial = link.inertial().orElse(null);
        double mass = inertial == null ? 1.0 : inertial.mass();
        if (!(mass >= 0) || !Double.isFinite(mass)) {
            throw new IllegalArgumentException(where + ": expected a mass >= 0, got " + mass);
        }
        Pose comInLink = inertial == null ? Pose.IDENTITY : inertial.pose();
        requireFinite(comInLink);
        boolean massless = mass == 0;
        boolean staticNow = top.isStatic() || nestedStatic || massless;
        ShapeFactory.LinkShape shape = ShapeFactory.build(where, comInLink, link.collisions(), staticNow);
        boolean alwaysStatic = nestedStatic || massless || shape.hasPlane();

        Vector3f inertia = new Vector3f(DEFAULT_INERTIA, DEFAULT_INERTIA, DEFAULT_INERTIA);
        Optional<InertialSpec.Inertia> given = inertial == null ? Optional.empty() : inertial.inertia();
        if (given.isPresent()) {
            InertialSpec.Inertia i = given.get();
            if (i.ixx() < 0 || i.iyy() < 0 || i.izz() < 0
                    || !Double.isFinite(i.ixx() + i.iyy() + i.izz())) {
                throw new IllegalArgumentException(where + ": expected ixx, iyy, izz >= 0, got " + i);
            }
            inertia.set((float) i.ixx(), (float) i.iyy(), (float) i.izz());
            if (i.ixy() != 0 || i.ixz() != 0 || i.iyz() != 0) {
                offDiagonal[0]++;
            }
        } else if (!shape.empty() && !alwaysStatic) {
            shape.shape().calculateLocalInertia((float) mass, inertia);
        }

        Transform start = Convert.transform(top.pose().compose(poseInModel).compose(comInLink));
        RigidBodyConstructionInfo info = new RigidBodyConstructionInfo(staticNow ? 0 : (float) mass,
                new DefaultMotionState(start), shape.shape(), staticNow ? new Vector3f() : inertia);
        info.friction = (float) shape.surface().friction();
        info.restitution = (float) shape.surface().restitution();
        info.linearSleepingThreshold = LINEAR_SLEEP_THRESHOLD;
        info.angularSleepingThreshold = ANGULAR_SLEEP_THRESHOLD;
        RigidBody body = new RigidBody(info);
        SurfaceMixing.enable(body);
        if (keepAwake) {
            body.setActivationState(CollisionObject.DISABLE_DEACTIVATION);
        }
        LinkBody result = new LinkBody(top.name(), name, body, comInLink, poseInModel, (float) mass, inertia, alwaysStatic,
                shape.empty(), keepAwake);
        body.setUserPointer(result);
        return result;
    }

    private void buildJoints(ModelSpec top, ModelSpec model, String prefix, Map<String, LinkBody> byName,
            List<JointConstraint> out) {
        for (JointSpec joint : model.joints()) {
            String name = prefix + joint.name();
            String where = "model '" + top.name() + "' joint '" + name + "'";
            LinkBody child = byName.get(prefix + joint.child());
            boolean toWorld = JointSpec.WORLD.equals(joint.parent());
            LinkBody parent = toWorld ? null : byName.get(prefix + joint.parent());
            if (child == null || (!toWorld && parent == null)) {
                LOG.log(Level.WARNING, "{0}: parent ''{1}'' or child ''{2}'' is not a link of the model; joint skipped",
                        where, joint.parent(), joint.child());
                continue;
            }
            if (parent == child) {
                LOG.log(Level.WARNING, "{0}: parent and child are the same link; joint skipped", where);
                continue;
            }
            Pose frame = JointFactory.frame(where, joint, child.linkPose());
            Pose inParent = toWorld ? frame : parent.comPose().inverse().compose(frame);
            Pose inChild = child.comPose().inverse().compose(frame);
            TypedConstraint constraint = JointFactory.create(where, joint, toWorld ? worldAnchor : parent.body,
                    inParent, child.body, inChild);
            out.add(new JointConstraint(name, joint, constraint, parent, child, inParent, inChild));
        }
        for (ModelSpec nested : model.models()) {
            buildJoints(top, nested, prefix + nested.name() + "::", byName, out);
        }
    }

    /** The model's canonical link: its first link, else the first nested model's canonical link. */
    private static LinkBody canonical(ModelSpec model, String prefix, Map<String, LinkBody> byName) {
        if (model.canonicalLink().isPresent()) {
            return byName.get(prefix + model.canonicalLink().get().name());
        }
        for (ModelSpec nested : model.models()) {
            LinkBody found = canonical(nested, prefix + nested.name() + "::", byName);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    // ---- bodies and joints in the dynamics world

    private void addBody(LinkBody link) {
        if (link.shapeless) {
            dynamics.addRigidBody(link.body, NO_COLLISION, NO_COLLISION);
        } else {
            dynamics.addRigidBody(link.body);
        }
        dynamics.updateSingleAabb(link.body);
    }

    private void addJoints(ModelBodies model) {
        for (JointConstraint joint : model.joints) {
            boolean movable = !joint.child.body.isStaticObject()
                    || (joint.parent != null && !joint.parent.body.isStaticObject());
            if (movable && !joint.added) {
                // true: the two jointed bodies do not collide with each other.
                dynamics.addConstraint(joint.constraint, true);
                if (joint.drive != null) {
                    // Solved after the joint's own constraint; the pair's collisions are already off.
                    dynamics.addConstraint(joint.drive, false);
                }
                joint.added = true;
            }
        }
    }

    private void removeJoints(ModelBodies model) {
        for (JointConstraint joint : model.joints) {
            if (joint.added) {
                dynamics.removeConstraint(joint.constraint);
                if (joint.drive != null) {
                    dynamics.removeConstraint(joint.drive);
                }
                joint.added = false;
            }
        }
    }

    /** Teleports a body: world, interpolation and motion-state transforms and the broadphase box, at once. */
    private void place(LinkBody link, Pose comWorld) {
        Transform t = Convert.transform(comWorld);
        RigidBody body = link.body;
        body.setWorldTransform(t);
        body.setInterpolationWorldTransform(t);
        body.getMotionState().setWorldTransform(t);
        body.clearForces();
        body.activate(true);
        dynamics.updateSingleAabb(body);
    }

    private void destroy() {
        for (ModelBodies model : models.values()) {
            removeJoints(model);
            for (LinkBody link : model.links) {
                dynamics.removeRigidBody(link.body);
            }
        }
        models.clear();
        bodyCount = 0;
        dynamics.destroy();
    }

    private ModelBodies require(String name) {
        checkOpen();
        ModelBodies model = models.get(name);
        if (model == null) {
            throw new UnknownModelException(name);
        }
        return model;
    }

    /** The joint, which must move along an axis (revolute, continuous or prismatic). */
    private JointConstraint actuated(String model, String name) {
        JointConstraint joint = require(model).joint(name);
        if (joint == null) {
            throw new UnknownJointException(model, name);
        }
        if (joint.drive == null) {
            throw new IllegalArgumentException("model '" + model + "' joint '" + name + "' is "
                    + joint.spec.type().name().toLowerCase(Locale.ROOT)
                    + "; only revolute, continuous and prismatic joints take commands");
        }
        return joint;
    }

    private static void requireFinite(String what, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("expected a finite " + what + ", got " + value);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the physics world is closed");
        }
    }

    private static void requireFinite(Pose pose) {
        if (!pose.position().isFinite() || !Double.isFinite(
                pose.rotation().w() + pose.rotation().x() + pose.rotation().y() + pose.rotation().z())) {
            throw new IllegalArgumentException("expected a finite pose, got " + pose);
        }
    }
}
