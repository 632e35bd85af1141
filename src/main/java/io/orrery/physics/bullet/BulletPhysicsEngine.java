package io.orrery.physics.bullet;

import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.WorldSpec;

/**
 * Builds native Bullet 3 worlds through Libbulletjme: a discrete dynamics world with a dynamic-AABB-tree
 * broadphase and the sequential impulse solver, as the JBullet engine builds. The native library is loaded on the
 * first world built.
 */
public final class BulletPhysicsEngine implements PhysicsEngine {

    @Override
    public PhysicsWorld build(WorldSpec world) {
        NativeBullet.load();
        return new BulletWorld(world);
    }

    @Override
    public String name() {
        return "bullet";
    }
}
