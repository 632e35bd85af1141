package io.orrery.physics;

import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;

/**
 * A physics world built from a {@link io.orrery.world.WorldSpec}. Not thread-safe: one world is used from one
 * thread only (the runner's). Methods naming a model throw {@link UnknownModelException} when there is none.
 */
public interface PhysicsWorld extends WorldView, AutoCloseable {

    /** Advances the world by exactly one fixed step of {@code dt} seconds. */
    void step(double dt);

    /** Teleports a model: every link moves rigidly with it, transforms are synced at once. */
    void setModelPose(String model, Pose pose);

    /** Sets the velocity of every link of a model (the same twist about each link's origin). */
    void setModelVelocity(String model, Twist velocity);

    /** Makes a model static (never moves) or dynamic again. */
    void setStatic(String model, boolean isStatic);

    /** Adds a top-level model (its pose in the world frame). Throws if the name is taken. */
    void addModel(ModelSpec model);

    /** Removes a top-level model and its joints. */
    void removeModel(String model);

    /**
     * Returns to the state right after construction: initial poses, zero velocities, static flags as built,
     * models added since removed and models removed since restored.
     */
    void reset();

    /** Releases the native-side structures; the world is unusable afterwards. */
    @Override
    void close();
}
