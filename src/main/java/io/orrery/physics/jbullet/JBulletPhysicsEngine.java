package io.orrery.physics.jbullet;

import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.WorldSpec;

/**
 * Builds JBullet worlds: a discrete dynamics world with a dynamic-AABB-tree broadphase and the sequential impulse
 * solver.
 */
public final class JBulletPhysicsEngine implements PhysicsEngine {

    @Override
    public PhysicsWorld build(WorldSpec world) {
        return new JBulletWorld(world);
    }

    @Override
    public String name() {
        return "jbullet";
    }
}
