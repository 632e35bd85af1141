package io.orrery.system;

import io.orrery.physics.PhysicsWorld;

/** A system that changes the world during the step; physics itself is one. Runs on the runner thread. */
@FunctionalInterface
public interface Update {

    /** Called once per iteration, after every {@link PreUpdate} and before any {@link PostUpdate}. */
    void update(UpdateInfo info, PhysicsWorld world);
}
