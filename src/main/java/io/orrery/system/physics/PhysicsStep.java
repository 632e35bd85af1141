package io.orrery.system.physics;

import io.orrery.physics.PhysicsWorld;
import io.orrery.system.NamedSystem;
import io.orrery.system.Priorities;
import io.orrery.system.Prioritized;
import io.orrery.system.Stateless;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;

/**
 * The physics system (gz sim's Physics, at its priority): it steps the world in Update by the step's dt, never while
 * paused, and leaves the world's reset to the runner's reset cascade, where resetting the world (the helpers) comes
 * before the systems (the devices). The runner adds it to every world's systems. What the engine throws in a step is
 * a {@link PhysicsFailure}, which the loop recovers from.
 */
public final class PhysicsStep implements Update, Stateless, Prioritized, NamedSystem {

    /** The name this system goes by in messages and listings. */
    public static final String NAME = "physics";

    @Override
    public void update(UpdateInfo info, PhysicsWorld world) {
        if (info.paused() || info.dtNanos() == 0) {
            return;
        }
        try {
            world.step(info.dtSeconds());
        } catch (RuntimeException | AssertionError e) {
            throw new PhysicsFailure(e);
        }
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
