package io.orrery.physics.bullet;

import io.orrery.physics.ContactPoint;
import io.orrery.physics.JointState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.Twist;
import io.orrery.physics.UnknownJointException;
import io.orrery.physics.UnknownModelException;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link PhysicsWorld} on a native Bullet 3 dynamics world. {@link #reset()} rebuilds everything from the spec
 * kept at construction; {@link #close()} empties and destroys the native world and lets go of every wrapper, whose
 * native objects Libbulletjme's cleaner thread then frees.
 */
final class BulletWorld implements PhysicsWorld {

    private final WorldSpec spec;
    private final Map<String, ModelBodies> models = new LinkedHashMap<>();
    /** Every body by its native id, for ray casts and contacts. */
    private final Map<Long, LinkBody> bodies = new HashMap<>();
    private MixingSpace space;
    private int bodyCount;
    private boolean closed;

    BulletWorld(WorldSpec spec) {
        this.spec = spec;
        populate();
    }

    private void populate() {
        space = new MixingSpace();
        space.setGravity(Convert.vector(spec.gravity()));
        bodyCount = 0;
        BodyBuilder.logOffDiagonal(spec, spec.models().stream().mapToInt(this::insert).sum());
    }

    @Override
    public void step(double dt) {
        checkOpen();
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("expected a positive finite step size, got " + dt);
        }
        for (ModelBodies model : models.values()) {
            for (JointConstraint joint : model.joints) {
                StepRows.before(joint);
            }
        }
        // maxSteps 0: one step of exactly dt. Contact points call back into Java to mix surfaces only where needed.
        space.update((float) dt, 0, space.stepFlags());
        for (ModelBodies model : models.values()) {
            for (JointConstraint joint : model.joints) {
                StepRows.after(joint, dt);
            }
        }
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
        BodyBuilder.requireFinite(pose);
        Pose delta = pose.compose(model.pose().inverse());
        for (LinkBody link : model.links) {
            place(link, delta.compose(link.linkPose()).compose(link.comInLink));
        }
        model.fixedPose = pose;
    }

    @Override
    public void setModelVelocity(String name, Twist velocity) {
        ModelBodies model = requireDynamic(name, velocity);
        for (LinkBody link : model.links) {
            if (link.alwaysStatic) {
                continue;
            }
            Pose com = link.comPose();
            Vec3 origin = com.compose(link.linkInCom).position();
            Vec3 linear = velocity.linear().plus(velocity.angular().cross(com.position().minus(origin)));
            setVelocity(link, linear, velocity.angular());
        }
    }

    @Override
    public void setLinkVelocity(String model, String link, Twist velocity) {
        LinkBody body = requireDynamic(model, velocity).link(link);
        if (body == null) {
            throw new IllegalArgumentException("model '" + model + "' has no link named '" + link + "'");
        }
        if (body.alwaysStatic) {
            return;
        }
        Vec3 com = body.comPose().position();
        Vec3 origin = body.linkPose().position();
        setVelocity(body, velocity.linear().plus(velocity.angular().cross(com.minus(origin))), velocity.angular());
    }

    private static void setVelocity(LinkBody link, Vec3 linear, Vec3 angular) {
        link.body.setLinearVelocity(Convert.vector(linear));
        link.body.setAngularVelocity(Convert.vector(angular));
        link.body.activate(true);
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
            space.removeCollisionObject(link.body);
            BodyBuilder.setMass(link, isStatic || link.alwaysStatic);
            space.addCollisionObject(link.body);
            link.body.activate(true);
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
            space.removeCollisionObject(link.body);
            bodies.remove(link.body.nativeId());
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
        return WorldQueries.rayCast(space, bodies, from, to);
    }

    @Override
    public List<ContactPoint> contacts(String model, String link) {
        LinkBody body = require(model).link(link);
        if (body == null) {
            throw new IllegalArgumentException("model '" + model + "' has no link named '" + link + "'");
        }
        return WorldQueries.contacts(space, bodies, body);
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
        BodyBuilder.Built built = BodyBuilder.build(top);
        ModelBodies model = built.model();
        for (LinkBody link : model.links) {
            space.addCollisionObject(link.body);
            bodies.put(link.body.nativeId(), link);
        }
        addJoints(model);
        models.put(top.name(), model);
        bodyCount += model.links.size();
        return built.offDiagonal();
    }

    private void addJoints(ModelBodies model) {
        for (JointConstraint joint : model.joints) {
            boolean movable = joint.child.body.isDynamic() || (joint.parent != null && joint.parent.body.isDynamic());
            if (movable && !joint.added) {
                space.addJoint(joint.constraint);
                if (joint.drive != null) {
                    joint.drive.addTo(space);
                }
                joint.added = true;
            }
        }
    }

    private void removeJoints(ModelBodies model) {
        for (JointConstraint joint : model.joints) {
            if (joint.added) {
                space.removeJoint(joint.constraint);
                if (joint.drive != null) {
                    joint.drive.removeFrom(space);
                }
                joint.added = false;
            }
        }
    }

    /** Teleports a body: its transform and the broadphase box, at once. */
    private void place(LinkBody link, Pose comWorld) {
        link.body.setPhysicsLocation(Convert.vector(comWorld.position()));
        link.body.setPhysicsRotation(Convert.quaternion(comWorld.rotation()));
        if (link.body.isDynamic()) {
            link.body.clearForces();
            link.body.activate(true);
        }
    }

    private void destroy() {
        for (ModelBodies model : models.values()) {
            removeJoints(model);
        }
        space.destroy();
        models.clear();
        bodies.clear();
        bodyCount = 0;
        space = null;
    }

    private ModelBodies require(String name) {
        checkOpen();
        ModelBodies model = models.get(name);
        if (model == null) {
            throw new UnknownModelException(name);
        }
        return model;
    }

    private ModelBodies requireDynamic(String name, Twist velocity) {
        ModelBodies model = require(name);
        if (model.isStatic) {
            throw new IllegalStateException("model '" + name + "' is static; make it dynamic before setting a velocity");
        }
        if (!velocity.linear().isFinite() || !velocity.angular().isFinite()) {
            throw new IllegalArgumentException("expected a finite velocity, got " + velocity);
        }
        return model;
    }

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
}
