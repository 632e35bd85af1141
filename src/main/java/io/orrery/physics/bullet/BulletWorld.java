package io.orrery.physics.bullet;

import com.jme3.bullet.collision.shapes.CollisionShape;
import io.orrery.physics.Articulation;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.SlipCompliance;
import io.orrery.physics.SolverSettings;
import io.orrery.physics.UnknownModelException;
import io.orrery.physics.rigid.JointFrame;
import io.orrery.physics.rigid.KeptShapes;
import io.orrery.physics.rigid.LinkPlan;
import io.orrery.physics.rigid.Model;
import io.orrery.physics.rigid.RigidWorld;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link PhysicsWorld} on a native Bullet 3 dynamics world. {@link #close()} empties and destroys the native world
 * and lets go of every wrapper, whose native objects Libbulletjme's cleaner thread then frees.
 */
final class BulletWorld extends RigidWorld<LinkBody, JointConstraint> {

    /**
     * Orrery's solver settings for Bullet (docs/physics-engines.md says what each bought): split impulse for every
     * overlapping contact at ERP 0.01, friction along two directions at every contact, 20 iterations, the rows in
     * Bullet's fixed order.
     */
    static final SolverSettings SOLVER = SolverSettings.BULLET_DEFAULTS
            .withSplitImpulse(0)
            .withIterations(20)
            .withErp(0.2, 0.01)
            .withTwoFrictionDirections(true);

    /** Every body by its native id, for ray casts and contacts. */
    private final Map<Long, LinkBody> bodies = new HashMap<>();

    private MixingSpace space;
    private final SlipContacts slips = new SlipContacts();
    private final StepSplit split = new StepSplit();
    /** The length of the last Bullet step, s: the contacts' impulses are over it. */
    private double lastPartDt = Double.NaN;

    private final SolverSettings solverSettings;

    /** The loaded links' shapes, kept across resets (a native shape holds nothing of a body or a space). */
    private final KeptShapes<CollisionShape> shapes;

    BulletWorld(WorldSpec spec, Articulation articulation, SolverSettings solverSettings) {
        super(spec, true, articulation); // LinkBody.stepped reports every body that moved, woke or fell asleep
        this.solverSettings = solverSettings;
        this.shapes = new KeptShapes<>(spec, ShapeFactory.SHAPES);
        populate();
    }

    @Override
    protected String engineName() {
        return "bullet";
    }

    @Override
    protected void createWorld(WorldSpec spec) {
        if (space == null) {
            space = new MixingSpace(solverSettings, slips, bodies);
        }
        space.setGravity(Convert.vector(spec.gravity()));
    }

    @Override
    protected void stepWorld(double dt, Runnable pushes) {
        // maxSteps 0: one step of exactly dt / parts. Contact points call back into Java to mix surfaces only where
        // needed.
        int parts = split.update(dt, fastestJointLimit());
        for (int i = 0; i < parts; i++) {
            pushes.run(); // Bullet clears forces after each step
            lastPartDt = dt / parts;
            slips.beforeStep(lastPartDt);
            space.update((float) (dt / parts), 0, space.stepFlags());
            slips.afterStep(space, lastPartDt);
            for (LinkBody link : bodies.values()) {
                link.stepped();
            }
        }
    }

    @Override
    protected LinkBody buildLink(LinkPlan plan) {
        return BodyBuilder.link(plan, shapes.of(plan));
    }

    @Override
    protected JointConstraint buildJoint(JointFrame.Placed<LinkBody> joint) {
        return BodyBuilder.joint(joint, split);
    }

    @Override
    protected void addBodies(Model<LinkBody, JointConstraint> model) {
        List<LinkBody> links = List.copyOf(model.links());
        for (int i = 0; i < links.size(); i++) {
            for (int j = i + 1; j < links.size(); j++) { // a model's links meet only with <self_collide>
                if (!links.get(i).collidesWith(links.get(j))) {
                    links.get(i).body.addToIgnoreList(links.get(j).body);
                }
            }
        }
        for (LinkBody link : links) {
            space.addCollisionObject(link.body);
            bodies.put(link.body.nativeId(), link);
        }
    }

    @Override
    protected void removeBody(LinkBody link) {
        space.removeCollisionObject(link.body);
        bodies.remove(link.body.nativeId());
        slips.remove(link);
    }

    @Override
    protected void setBodyStatic(LinkBody link, boolean fixed) {
        space.removeCollisionObject(link.body);
        BodyBuilder.setMass(link, fixed);
        link.moved();
        space.addCollisionObject(link.body);
        link.body.activate(true);
    }

    @Override
    protected void addConstraints(JointConstraint joint) {
        if (joint.constraint == null) {
            return; // a gearbox: its coupling acts between steps
        }
        space.addJoint(joint.constraint);
        if (joint.drive != null) {
            joint.drive.addTo(space);
        }
        if (joint.motors != null) {
            joint.motors.addTo(space);
        }
    }

    @Override
    protected void removeConstraints(JointConstraint joint) {
        if (joint.constraint == null) {
            return;
        }
        space.removeJoint(joint.constraint);
        if (joint.drive != null) {
            joint.drive.removeFrom(space);
        }
        if (joint.motors != null) {
            joint.motors.removeFrom(space);
        }
    }

    /** Teleports a body: its transform and the broadphase box, at once. */
    @Override
    protected void place(LinkBody link, Pose comWorld) {
        link.body.setPhysicsLocation(Convert.vector(comWorld.position()));
        link.body.setPhysicsRotation(Convert.quaternion(comWorld.rotation()));
        link.moved();
        link.changed();
        if (link.body.isDynamic()) {
            link.body.clearForces();
            link.body.activate(true);
        }
    }

    /** As {@link #place}, but the body stays as awake or asleep as it is, and keeps its forces. */
    @Override
    protected void moveQuietly(LinkBody link, Pose comWorld, Vec3 linear, Vec3 angular) {
        link.body.setPhysicsLocation(Convert.vector(comWorld.position()));
        link.body.setPhysicsRotation(Convert.quaternion(comWorld.rotation()));
        link.moved();
        link.changed();
        link.setVelocity(linear, angular);
    }

    @Override
    protected void destroyWorld(Iterable<Model<LinkBody, JointConstraint>> models) {
        // The native space is emptied, not destroyed: building one costs milliseconds (Bullet's pools), a reset of a
        // small world a few tens of microseconds. ResetRebuildSimulationTests holds the next episode to a fresh
        // load's, to the bit.
        for (LinkBody link : bodies.values()) {
            space.removeCollisionObject(link.body);
        }
        bodies.clear();
        slips.clear();
    }

    @Override
    protected void closeWorld() {
        space.destroy();
        space = null;
    }

    @Override
    public void setSlipCompliance(String model, String link, SlipCompliance slip) {
        if (model(model).isEmpty()) {
            throw new UnknownModelException(model);
        }
        LinkBody body = bodies.values().stream()
                .filter(l -> l.model().equals(model) && l.name().equals(link))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("model '" + model + "' has no link '" + link + "'"));
        slips.set(body, slip);
    }

    @Override
    protected Optional<RayHit> castRay(Vec3 from, Vec3 to) {
        return WorldQueries.rayCast(space, bodies, from, to);
    }

    @Override
    protected List<ContactPoint> contactsOf(LinkBody link) {
        return WorldQueries.contacts(space, bodies, link, lastPartDt, slips);
    }
}
