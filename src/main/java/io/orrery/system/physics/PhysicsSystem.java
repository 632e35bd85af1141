package io.orrery.system.physics;

import io.orrery.physics.PhysicsWorld;
import io.orrery.system.NamedSystem;
import io.orrery.system.Prioritized;
import io.orrery.system.Priorities;
import io.orrery.system.Reset;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;

/** Steps the physics world once per iteration, and resets it with the simulation. */
public final class PhysicsSystem implements Update, Reset, Prioritized, NamedSystem {

    /** The name this system goes by in messages and listings. */
    public static final String NAME = "physics";

    /** Takes one step of {@code info.dt}; takes none while paused, when dt is 0. */
    @Override
    public void update(UpdateInfo info, PhysicsWorld world) {
        if (info.paused() || info.dtNanos() == 0) {
            return;
        }
        world.step(info.dtSeconds());
    }

    /** Returns the world to its state right after construction. */
    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        world.reset();
    }

    @Override
    public int priority() {
        return Priorities.PHYSICS;
    }

    @Override
    public String systemName() {
        return NAME;
    }

    @Override
    public String toString() {
        return NAME;
    }
}
