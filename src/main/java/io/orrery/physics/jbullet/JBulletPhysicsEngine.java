package io.orrery.physics.jbullet;

import io.orrery.physics.ArticulationMode;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.WorldSpec;

/**
 * Builds JBullet worlds: a discrete dynamics world with a dynamic-AABB-tree broadphase and the sequential impulse
 * solver.
 */
public final class JBulletPhysicsEngine implements PhysicsEngine {

    private final ArticulationMode articulation;

    /** Jointed models move with the engine's constraints. */
    public JBulletPhysicsEngine() {
        this(ArticulationMode.CONSTRAINTS);
    }

    /** Jointed models move as {@code articulation} says. */
    public JBulletPhysicsEngine(ArticulationMode articulation) {
        this.articulation = articulation;
    }

    @Override
    public PhysicsWorld build(WorldSpec world) {
        return new JBulletWorld(world, articulation);
    }

    @Override
    public String name() {
        return "jbullet";
    }
}
