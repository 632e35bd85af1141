package io.orrery.runner;

import io.orrery.physics.PhysicsWorld;
import io.orrery.system.NamedSystem;
import io.orrery.system.Prioritized;
import io.orrery.system.Priorities;
import io.orrery.system.Stateless;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;
import io.orrery.system.physics.PhysicsSystem;

/**
 * The physics system as the runner registers it: it steps the world in Update, and leaves the world's reset to
 * the runner's reset cascade, where resetting the world (the helpers) comes before the systems (the devices).
 */
final class PhysicsStep implements Update, Stateless, Prioritized, NamedSystem {

    private final PhysicsSystem physics = new PhysicsSystem();

    @Override
    public void update(UpdateInfo info, PhysicsWorld world) {
        physics.update(info, world);
    }

    @Override
    public int priority() {
        return Priorities.PHYSICS;
    }

    @Override
    public String systemName() {
        return PhysicsSystem.NAME;
    }
}
