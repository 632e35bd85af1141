package io.orrery.physics;

import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Optional;

/**
 * A physics world built from a {@link io.orrery.world.WorldSpec}. Not thread-safe: one world is used from one
 * thread only (the runner's). Methods naming a model throw {@link UnknownModelException} when there is none;
 * methods naming a joint or link throw {@link UnknownJointException} or {@link IllegalArgumentException} when the
 * model has none. Joint and link names are scoped within their top-level model: {@code joint} or
 * {@code nested::joint}.
 *
 * <p>Joint commands follow Gazebo's rules: a force or velocity command acts in the next step only and is then
 * cleared; whoever owns it (a controller system) sets it again before every step.
 */
public interface PhysicsWorld extends WorldView, AutoCloseable {

    /** Advances the world by exactly one fixed step of {@code dt} seconds. */
    void step(double dt);

    /** Teleports a model: every link moves rigidly with it, transforms are synced at once. */
    void setModelPose(String model, Pose pose);

    /** Sets the velocity of every link of a model (the same twist about each link's origin). */
    void setModelVelocity(String model, Twist velocity);

    /**
     * Sets one link's velocity (world frame; linear at the link frame's origin, in m/s; angular in rad/s). The other
     * links keep theirs: joints pull them along in the next step. Throws for a static model.
     */
    default void setLinkVelocity(String model, String link, Twist velocity) {
        throw new UnsupportedOperationException("this physics world cannot set a link's velocity");
    }

    /** Makes a model static (never moves) or dynamic again. */
    void setStatic(String model, boolean isStatic);

    /** Adds a top-level model (its pose in the world frame). Throws if the name is taken. */
    void addModel(ModelSpec model);

    /** Removes a top-level model and its joints. */
    void removeModel(String model);

    /**
     * True when any joint of the model has a force or velocity other than 0 commanded for the next step, or had one
     * for the last (how gz-sim's LinearBatteryPlugin tells that a robot started moving). False where unknown.
     */
    default boolean jointsCommanded(String model) {
        return false;
    }

    /** The joint's state now, or empty if the model has no such joint. */
    Optional<JointState> joint(String model, String joint);

    /**
     * Commands the joint's speed for the next step (rad/s or m/s): a servo that reaches it if the joint's
     * {@code <limit><effort>} allows (no bound when the effort is negative), the speed clamped to
     * {@code <limit><velocity>}. Throws for a fixed or ball joint.
     */
    void setJointVelocityCommand(String model, String joint, double velocity);

    /**
     * Applies an effort (N·m or N) along the joint's axis during the next step, clamped to {@code <limit><effort>}:
     * to the child, and its reaction to the parent. Throws for a fixed or ball joint.
     */
    void setJointForce(String model, String joint, double effort);

    /**
     * Sets the joint's position (rad or m) and zeroes its velocity at once: the child and everything jointed below
     * it move rigidly. Other joints keep their positions and velocities. Throws for a fixed or ball joint.
     */
    void resetJointPosition(String model, String joint, double position);

    /**
     * Adds a force and a torque (world frame) to a link for the next step only, the force acting at {@code offset}
     * from the link's origin (link frame), as gz-sim's {@code Link::AddWorldWrench}; wrenches added for one step add
     * up. Nothing happens to a static link.
     */
    default void addLinkWrench(String model, String link, Vec3 force, Vec3 torque, Vec3 offset) {
        throw new UnsupportedOperationException("this physics world cannot apply a wrench to a link");
    }

    /**
     * Makes a link's contacts slip under force as ODE's slip compliance does (gz-sim's WheelSlip sets it on a wheel each
     * step), from the next step until set again; {@code null} gives the link ordinary friction back. A reset clears it.
     * An engine that cannot do it throws {@link UnsupportedOperationException}.
     */
    default void setSlipCompliance(String model, String link, SlipCompliance slip) {
        throw new UnsupportedOperationException("this physics world has no slip compliance");
    }

    /**
     * Sets the joint's velocity (rad/s or m/s) at once, its position kept: the child and everything jointed below it
     * gain the difference as one rigid motion about (or along) the axis. Other joints keep their velocities. Throws
     * for a fixed or ball joint.
     */
    default void resetJointVelocity(String model, String joint, double velocity) {
        throw new UnsupportedOperationException("this physics world cannot set a joint's velocity");
    }

    /**
     * Joins two links with a fixed joint made while the world runs, holding them as they are now (gz-sim's detachable
     * joint): links of two top-level models or of one, named as {@link #joint} names them. Returns the joint's id for
     * {@link #detach}. The joint belongs to no model (no model's state lists it); it lasts until detached, until either
     * model is removed, or until a reset, which restores the world as loaded, without it.
     */
    default long attach(String parentModel, String parentLink, String childModel, String childLink) {
        throw new UnsupportedOperationException("this physics world cannot join links while it runs");
    }

    /** Breaks a joint {@link #attach} made; false when it is gone already (detached, a model removed, a reset). */
    default boolean detach(long id) {
        throw new UnsupportedOperationException("this physics world cannot join links while it runs");
    }

    /** The closest body the segment from {@code from} to {@code to} meets (world frame); shapeless links are missed. */
    Optional<RayHit> rayCast(Vec3 from, Vec3 to);

    /** The contact points the link touched other bodies at in the last step (those the solver acted on). */
    List<ContactPoint> contacts(String model, String link);

    /**
     * Returns to the state right after construction: initial poses, zero velocities, joints at their initial
     * positions with no commands, static flags as built, models added since removed and models removed since
     * restored.
     */
    void reset();

    /** Releases the native-side structures; the world is unusable afterwards. */
    @Override
    void close();
}
