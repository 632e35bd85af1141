package io.orrery.physics;

import io.orrery.world.WorldSpec;

/** Builds physics worlds. Construction holds physics still: nothing moves until the first {@code step}. */
public interface PhysicsEngine {

    /** Builds the world's bodies and joints, with transforms synced and no step taken. */
    PhysicsWorld build(WorldSpec world);

    /** The engine's name as {@code orrery.physics.engine} gives it, for example {@code jbullet}. */
    default String name() {
        return getClass().getSimpleName();
    }
}
