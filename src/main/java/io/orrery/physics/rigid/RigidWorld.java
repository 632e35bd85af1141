package io.orrery.physics.rigid;

import io.orrery.log.LogSafe;
import io.orrery.physics.Articulation;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.JointState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.StateVisitor;
import io.orrery.physics.Twist;
import io.orrery.physics.UnknownModelException;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicalBounds;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link PhysicsWorld} over an engine's dynamics world: the models, their links and joints, and every API call's
 * checks and bookkeeping. An engine subclass creates and destroys its world, adds and removes bodies and
 * constraints, steps, teleports bodies and answers ray casts and contacts. {@link #reset()} rebuilds everything from
 * the spec kept at construction, so a reset world behaves exactly like a freshly built one.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
public abstract class RigidWorld<L extends Link, J extends Joint<L>> implements PhysicsWorld {

    private static final Logger LOG = System.getLogger(RigidWorld.class.getName());

    private final WorldSpec spec;
    private final Map<String, Model<L, J>> models = new LinkedHashMap<>();
    private final ModelStates<L, J> states;
    /** Every model's joints, so that a step visits the joints and not the models. */
    private final List<J> joints = new ArrayList<>();

    private int bodyCount;
    private boolean closed;
    /** Each projected model's projection (the {@code projected} articulation mode). */
    private final Map<Model<L, J>, JointProjection<L, J>> projections = new LinkedHashMap<>();

    private final Articulation articulation;
    private final LinkWrenches wrenches = new LinkWrenches();
    private final Attachments<L, J> attachments = new Attachments<>(this);

    /** A world whose engine does not report which bodies moved: every read of the world reads every body. */
    protected RigidWorld(WorldSpec spec) {
        this(spec, false, Articulation.CONSTRAINTS);
    }

    /**
     * @param reportsMotion true when the engine calls {@link Link#changed()} for every body that moved, woke or fell
     *     asleep in a step: reading the world then reads only the models that changed
     * @param articulation how models' links are held to their joints ({@code orrery.physics.articulation})
     */
    protected RigidWorld(WorldSpec spec, boolean reportsMotion, Articulation articulation) {
        this.spec = spec;
        this.articulation = articulation;
        this.states = new ModelStates<>(reportsMotion);
    }

    // ---- what the engine does

    /** The engine's name ({@code orrery.physics.engine}), for messages. */
    protected abstract String engineName();

    /**
     * True when a link fixed to the world may be built static though a moving joint hangs on it: the engine's joints
     * hold their child as exactly against a static parent as against a moving one.
     */
    protected boolean staticCarriers() {
        return true;
    }

    /** Creates the engine's empty dynamics world, with the spec's gravity. */
    protected abstract void createWorld(WorldSpec spec);

    /** Makes a link's body, placed at {@link LinkPlan#startPose()}, static when {@link LinkPlan#staticNow()}. */
    protected abstract L buildLink(LinkPlan plan);

    /** Makes a joint's constraint between its links' bodies, as they are placed now. */
    protected abstract J buildJoint(JointFrame.Placed<L> joint);

    /** Adds a new model's bodies to the engine's world. */
    protected abstract void addBodies(Model<L, J> model);

    /** Removes the link's body from the engine's world for good. */
    protected abstract void removeBody(L link);

    /** Makes the link's body static (mass 0) or dynamic again; its joints are out of the world meanwhile. */
    protected abstract void setBodyStatic(L link, boolean fixed);

    /** Adds the joint's constraint and drive to the engine's world. */
    protected abstract void addConstraints(J joint);

    /** Removes the joint's constraint and drive from the engine's world. */
    protected abstract void removeConstraints(J joint);

    /** Advances one step of exactly {@code dt} s, running {@code pushes} (link wrenches) before each internal step. */
    protected abstract void stepWorld(double dt, Runnable pushes);

    /** Teleports a body to a centre-of-mass pose: its transforms and broadphase box, at once. */
    protected abstract void place(L link, Pose comWorld);

    /**
     * Puts a body at a centre-of-mass pose with a velocity, between steps, without waking it or clearing its forces
     * more than a step does: the articulation's projection of its links onto their joints.
     */
    protected void moveQuietly(L link, Pose comWorld, Vec3 linear, Vec3 angular) {
        place(link, comWorld);
        link.setVelocity(linear, angular);
    }

    /** The engine's closest hit of a checked, finite ray. */
    protected abstract Optional<RayHit> castRay(Vec3 from, Vec3 to);

    /** The engine's contact points touching the link in the last step. */
    protected abstract List<ContactPoint> contactsOf(L link);

    /**
     * Every model of the spec is built and in the engine's world, started from the spec's state: nothing is stepped or
     * asked of it yet. An engine may finish what it deferred while the world was built; nothing by default.
     */
    protected void populated() {}

    /** Empties the engine's world (joints already out), which it may keep for the next {@link #createWorld}. */
    protected abstract void destroyWorld(Iterable<Model<L, J>> models);

    /** Lets go of what {@link #destroyWorld} kept, once the world is closed; nothing by default. */
    protected void closeWorld() {}

    // ---- building and tearing down

    /** Creates the engine's world and builds the spec's models: from the engine's constructor, and {@link #reset()}. */
    protected final void populate() {
        createWorld(spec);
        bodyCount = 0;
        int offDiagonal = 0;
        for (ModelSpec model : spec.models()) {
            offDiagonal += insert(model);
        }
        spec.state().ifPresent(state -> SavedState.apply(state, models, this::setModelPose, this::place));
        populated();
        if (offDiagonal > 0) {
            LOG.log(
                    Level.DEBUG,
                    "{0}: {1} link(s) with products of inertia, turned to their principal axes",
                    LogSafe.of(spec.source()),
                    offDiagonal);
        }
    }

    /** Builds a top-level model and adds it; returns the number of links with off-diagonal inertia. */
    private int insert(ModelSpec top) {
        ModelBuilder.Built<L, J> built =
                ModelBuilder.build(this::buildLink, this::buildJoint, top, engineName(), staticCarriers());
        Model<L, J> model = built.model();
        for (J joint : model.joints()) {
            joint.meet(model.joints());
        }
        addBodies(model);
        addJoints(model);
        models.put(top.name(), model);
        if (articulation == Articulation.PROJECTED) {
            JointProjection.attach(model, spec.source()).ifPresent(p -> projections.put(model, p));
        }
        states.add(model);
        joints.addAll(model.joints());
        bodyCount += model.links().size();
        return built.offDiagonal();
    }

    private void destroy() {
        attachments.clear();
        for (Model<L, J> model : models.values()) {
            removeJoints(model);
        }
        destroyWorld(models.values());
        models.clear();
        projections.clear();
        states.clear();
        joints.clear();
        bodyCount = 0;
    }

    /** Adds the joints that can move (one of their bodies is dynamic) and are not in the world yet. */
    private void addJoints(Model<L, J> model) {
        for (J joint : model.joints()) {
            boolean movable = joint.child().isDynamic()
                    || (joint.parent() != null && joint.parent().isDynamic());
            if (movable && !joint.isAdded()) {
                addConstraints(joint);
                joint.setAdded(true);
            }
        }
    }

    private void removeJoints(Model<L, J> model) {
        for (J joint : model.joints()) {
            if (joint.isAdded()) {
                removeConstraints(joint);
                joint.setAdded(false);
            }
        }
    }

    /** The fastest joint {@code <velocity>} limit, 0 when none: what a per-step rotation cap must still allow. */
    protected final double fastestJointLimit() {
        return Velocities.fastestJointLimit(models.values());
    }

    // ---- the PhysicsWorld API

    @Override
    public final void step(double dt) {
        checkOpen();
        Arguments.requireStepSize(dt);
        for (J joint : joints) {
            joint.beforeStep(dt);
        }
        for (JointProjection<L, J> projection : projections.values()) {
            projection.capture();
        }
        stepWorld(dt, wrenches::apply);
        wrenches.clear();
        for (JointProjection<L, J> projection : projections.values()) {
            projection.apply(this::moveQuietly, dt);
        }
        for (J joint : joints) {
            joint.couple(dt);
        }
        for (J joint : joints) {
            if (joint.afterStep(dt)) {
                joint.child().changed();
            }
        }
    }

    @Override
    public final List<String> modelNames() {
        checkOpen();
        return List.copyOf(models.keySet());
    }

    @Override
    public final Optional<ModelState> model(String name) {
        checkOpen();
        Model<L, J> model = models.get(name);
        return model == null ? Optional.empty() : Optional.of(states.of(model));
    }

    @Override
    public final List<ModelState> models() {
        checkOpen();
        return states.all();
    }

    @Override
    public final void visitState(StateVisitor visitor) {
        checkOpen();
        states.visit(visitor);
    }

    @Override
    public final int bodyCount() {
        checkOpen();
        return bodyCount;
    }

    @Override
    public final void setModelPose(String name, Pose pose) {
        Model<L, J> model = require(name);
        Arguments.requireFinite(pose);
        PhysicalBounds.requireWithinReach(pose.position()); // as far as a world file may place it
        // Every link moves by the same rigid transform that takes the old model pose to the new one.
        Pose delta = pose.compose(model.pose().inverse());
        for (L link : model.links()) {
            place(link, delta.compose(link.linkPose()).compose(link.comInLink()));
        }
        model.setFixedPose(pose);
    }

    @Override
    public final void setModelVelocity(String name, Twist velocity) {
        Velocities.setModel(Arguments.requireDynamic(require(name), velocity), velocity);
    }

    @Override
    public final void setLinkVelocity(String model, String link, Twist velocity) {
        Velocities.setLink(Arguments.requireLink(Arguments.requireDynamic(require(model), velocity), link), velocity);
    }

    @Override
    public final void addLinkWrench(String model, String link, Vec3 force, Vec3 torque, Vec3 offset) {
        wrenches.add(Arguments.requireLink(require(model), link), force, torque, offset);
    }

    @Override
    public final void setStatic(String name, boolean isStatic) {
        Model<L, J> model = require(name);
        if (model.isStatic() == isStatic) {
            return;
        }
        Pose pose = model.pose();
        removeJoints(model);
        attachments.lift(name);
        for (L link : model.links()) {
            setBodyStatic(link, isStatic || link.alwaysStatic());
        }
        model.setStatic(isStatic, pose);
        addJoints(model);
        attachments.restore();
    }

    @Override
    public final void addModel(ModelSpec model) {
        checkOpen();
        if (models.containsKey(model.name())) {
            throw new IllegalArgumentException("a model named '" + model.name() + "' already exists");
        }
        insert(model);
    }

    @Override
    public final void removeModel(String name) {
        Model<L, J> model = require(name);
        removeJoints(model);
        attachments.dropAll(name);
        for (L link : model.links()) {
            removeBody(link);
        }
        bodyCount -= model.links().size();
        models.remove(name);
        projections.remove(model);
        states.remove(model);
        Set<J> gone = Collections.newSetFromMap(new IdentityHashMap<>());
        gone.addAll(model.joints());
        joints.removeIf(gone::contains);
    }

    @Override
    public final Optional<JointState> joint(String model, String joint) {
        return Optional.ofNullable(require(model).joint(joint)).map(Joint::state);
    }

    @Override
    public final boolean jointsCommanded(String model) {
        return require(model).joints().stream().anyMatch(Joint::commanded);
    }

    @Override
    public final void setJointVelocityCommand(String model, String joint, double velocity) {
        Arguments.requireFinite("velocity", velocity);
        actuated(model, joint).command(velocity);
    }

    @Override
    public final void setJointForce(String model, String joint, double effort) {
        Arguments.requireFinite("effort", effort);
        actuated(model, joint).push(effort);
    }

    @Override
    public final void resetJointPosition(String model, String joint, double position) {
        Arguments.requireFinite("position", position);
        Model<L, J> bodies = require(model);
        JointReset.apply(bodies, actuated(model, joint), position, this::place);
        bodies.changed();
    }

    @Override
    public final void resetJointVelocity(String model, String joint, double velocity) {
        Arguments.requireFinite("velocity", velocity);
        JointReset.applyVelocity(require(model), actuated(model, joint), velocity);
    }

    @Override
    public final long attach(String parentModel, String parentLink, String childModel, String childLink) {
        L parent = Arguments.requireLink(require(parentModel), parentLink);
        return attachments.attach(parent, Arguments.requireLink(require(childModel), childLink));
    }

    @Override
    public final boolean detach(long id) {
        checkOpen();
        return attachments.detach(id);
    }

    @Override
    public final Optional<RayHit> rayCast(Vec3 from, Vec3 to) {
        checkOpen();
        Arguments.requireFiniteRay(from, to);
        return castRay(from, to);
    }

    @Override
    public final List<ContactPoint> contacts(String model, String link) {
        return contactsOf(Arguments.requireLink(require(model), link));
    }

    @Override
    public final void reset() {
        checkOpen();
        destroy();
        populate();
    }

    @Override
    public final void close() {
        if (!closed) {
            destroy();
            closeWorld();
            closed = true;
        }
    }

    // ---- checks

    private Model<L, J> require(String name) {
        checkOpen();
        Model<L, J> model = models.get(name);
        if (model == null) {
            throw new UnknownModelException(name);
        }
        return model;
    }

    /** The joint, which must move along one axis (revolute, continuous, prismatic or screw). */
    private J actuated(String model, String name) {
        return Arguments.requireActuated(require(model), name);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the physics world is closed");
        }
    }
}
