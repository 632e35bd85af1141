package io.orrery.physics.rigid;

import io.orrery.physics.LinkState;
import io.orrery.physics.ShapeInfo;
import io.orrery.physics.StateVisitor;
import io.orrery.physics.Twist;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.util.List;

/**
 * One link's rigid body, as an engine holds it. The body lives at the centre of mass; {@link #linkPose()} gives the
 * link frame. An engine subclass reads and writes its body; what follows from that (link frame, velocities at a
 * point, the state) is computed here.
 */
public abstract class Link {

    private final LinkPlan plan;
    private final Pose linkInCom;
    /** The articulation the link is in within its top-level model ({@link #collidesWith}); null until asked. */
    private String articulation;

    private final boolean alwaysStatic;
    private final boolean shapeless;
    private final List<ShapeInfo> shapes;
    /** The collision of each child of the engine's compound shape. */
    private final List<String> children;
    /** The model the link is part of, once it is made. */
    private Model<?, ?> model;

    private final SurfaceSpec surface;
    /** The rotation of the surface's collision frame in the body frame. */
    private final Quat surfaceInBody;
    /** The link whose body carries the first friction direction, null when the surface sets none. */
    private Link frictionFrame;
    /** The first friction direction in {@link #frictionFrame}'s body frame. */
    private Vec3 frictionDirection = Vec3.ZERO;

    /**
     * @param plan what the spec says of the link
     * @param alwaysStatic true when the link can never move: mass 0, a static-only shape (plane, triangle mesh,
     *     heightfield), or inside a nested static model
     * @param shape the link's shape as built: shapeless when no collision made one (it then collides with nothing)
     */
    protected Link(LinkPlan plan, boolean alwaysStatic, LinkShape<?> shape) {
        this.plan = plan;
        this.linkInCom = plan.comInLink().inverse();
        this.alwaysStatic = alwaysStatic;
        this.shapeless = shape.empty();
        this.shapes = shape.infos();
        this.surface = shape.surface();
        this.surfaceInBody = shape.surfaceInBody();
        this.children = shape.children();
    }

    /** The surface of the link's first collision: the one its contacts use. */
    public final SurfaceSpec surface() {
        return surface;
    }

    /** True when the link's friction differs by direction ({@code mu2} is not {@code mu}). */
    public final boolean anisotropic() {
        return surface.anisotropic();
    }

    /**
     * Where the first friction direction turns with: {@code frame}'s body, the direction given in the link frame of
     * {@code frame} (from {@code gz:expressed_in}), or, for the link itself, in its surface's collision frame.
     */
    final void frictionFrame(Link frame, Vec3 direction) {
        this.frictionFrame = frame;
        this.frictionDirection = frame == this
                ? surfaceInBody.rotate(direction)
                : frame.plan.comInLink().rotation().conjugate().rotate(direction);
    }

    /** The first friction direction in the world frame now; zero when the surface sets none. */
    public final Vec3 frictionDirection() {
        return frictionFrame == null
                ? Vec3.ZERO
                : frictionFrame.comPose().rotation().rotate(frictionDirection);
    }

    final void ownedBy(Model<?, ?> model) {
        this.model = model;
    }

    /**
     * The body moved, woke or fell asleep, or something else its model reports changed: the model's state is read
     * again when next asked for. An engine that reports motion calls it for every awake body in every step.
     */
    public final void changed() {
        if (model != null) {
            model.changed();
        }
    }

    /** The centre-of-mass frame in the world frame. */
    public abstract Pose comPose();

    /** The body's linear velocity at its centre of mass (world frame). */
    public abstract Vec3 linearVelocity();

    /** The body's angular velocity (world frame). */
    public abstract Vec3 angularVelocity();

    /** Sets the body's velocity (linear at the centre of mass); does not wake it. */
    public abstract void setVelocity(Vec3 linear, Vec3 angular);

    /** Wakes the body (as far as the engine wakes a body that cannot move). */
    public abstract void activate();

    /** True when the body moves under forces now (not static). */
    public abstract boolean isDynamic();

    /** True when the body is deactivated (asleep). */
    public abstract boolean isSleeping();

    /** Applies a force at the centre of mass during the next step. */
    public abstract void applyCentralForce(Vec3 force);

    /** Applies a force at {@code offset} from the centre of mass during the next step. */
    public abstract void applyForce(Vec3 force, Vec3 offset);

    /** Applies a torque during the next step. */
    public abstract void applyTorque(Vec3 torque);

    /** The top-level model the link belongs to. */
    public final String model() {
        return plan.model();
    }

    /** The link's name, scoped within its top-level model. */
    public final String name() {
        return plan.name();
    }

    /**
     * Whether this link's shapes meet {@code other}'s: always for links of two models, and of two articulations of one
     * model ({@link Articulations}: gz-sim's force_torque test rests one nested model's ball on another's plate); in
     * one articulation only when either link has {@code <self_collide>} (its own or its model's), as SDF says, so a
     * robot's CAD hulls that overlap at its joints do not fight each other. Jointed links never meet, whatever this
     * says.
     */
    public final boolean collidesWith(Link other) {
        if (!model().equals(other.model())) {
            return true;
        }
        return plan.spec().selfCollide()
                || other.plan.spec().selfCollide()
                || !articulation().equals(other.articulation());
    }

    /** The articulation of the link within its top-level model, worked out once. */
    private String articulation() {
        if (articulation == null) {
            articulation = Articulations.of(plan.top()).of(name());
        }
        return articulation;
    }

    /** The centre-of-mass frame in the link frame. */
    public final Pose comInLink() {
        return plan.comInLink();
    }

    /** The link frame in the centre-of-mass frame. */
    public final Pose linkInCom() {
        return linkInCom;
    }

    /** The link frame in the top-level model frame, as built. */
    public final Pose poseInModel() {
        return plan.poseInModel();
    }

    /** The link's mass (kg), used whenever the body is dynamic. */
    public final float mass() {
        return (float) plan.mass();
    }

    /** The principal moments of inertia (kg·m²) along the centre-of-mass frame's axes, used while dynamic. */
    public final Vec3 principalInertia() {
        return plan.principalInertia();
    }

    /** True when the link can never move: mass 0, a plane shape, or inside a nested static model. */
    public final boolean alwaysStatic() {
        return alwaysStatic;
    }

    /** True when the link has no collision shape. */
    public final boolean shapeless() {
        return shapeless;
    }

    /**
     * The collision a contact touched, from the index of the engine's compound child it names: the only collision
     * when there is one, else null when the index is not a child's (an engine that does not say).
     */
    public final String collisionOfChild(int child) {
        if (children.size() == 1) {
            return children.get(0);
        }
        return child >= 0 && child < children.size() ? children.get(child) : null;
    }

    /** True when allow_auto_disable is false: the body never sleeps. */
    public final boolean keepAwake() {
        return plan.keepAwake();
    }

    /** The link frame in the world frame. */
    public final Pose linkPose() {
        return comPose().compose(linkInCom);
    }

    /** The velocity at the link origin, in the world frame. */
    public final Twist velocity() {
        Pose com = comPose();
        Pose link = com.compose(linkInCom);
        Vec3 v = linearVelocity();
        Vec3 w = angularVelocity();
        return new Twist(v.plus(w.cross(link.position().minus(com.position()))), w);
    }

    /** The velocity of the body's material point at {@code point} (world frame). */
    public final Vec3 velocityAt(Vec3 point) {
        return linearVelocity()
                .plus(angularVelocity().cross(point.minus(comPose().position())));
    }

    /** Hands the body's centre-of-mass pose and velocity, as the engine holds them, to {@code visitor}. */
    final void visit(StateVisitor visitor) {
        visitor.link(name(), comPose(), linearVelocity(), angularVelocity());
    }

    /** The link's state now; the body is read once. */
    public final LinkState state() {
        Pose com = comPose();
        Pose link = com.compose(linkInCom);
        Vec3 w = angularVelocity();
        Vec3 v = linearVelocity().plus(w.cross(link.position().minus(com.position())));
        return new LinkState(name(), link, new Twist(v, w), isSleeping(), shapes);
    }
}
