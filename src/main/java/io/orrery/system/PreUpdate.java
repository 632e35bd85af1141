package io.orrery.system;

import io.orrery.physics.PhysicsWorld;

/** A system that acts before physics: applies commands, forces and targets. Runs on the runner thread. */
@FunctionalInterface
public interface PreUpdate {

    /** Called once per iteration, before any {@link Update}. */
    void preUpdate(UpdateInfo info, PhysicsWorld world);
}
