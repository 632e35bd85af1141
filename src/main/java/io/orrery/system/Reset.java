package io.orrery.system;

import io.orrery.physics.PhysicsWorld;

/** A system that can return to its initial state when the simulation is reset. */
@FunctionalInterface
public interface Reset {

    /** Returns the system to its state before the first step; {@code info} is the post-reset info. */
    void reset(UpdateInfo info, PhysicsWorld world);
}
