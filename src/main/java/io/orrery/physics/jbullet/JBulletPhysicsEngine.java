package io.orrery.physics.jbullet;

import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SolverSettings;
import io.orrery.world.WorldSpec;

/**
 * Builds JBullet worlds: a discrete dynamics world with a dynamic-AABB-tree broadphase and the sequential impulse
 * solver.
 */
public final class JBulletPhysicsEngine implements PhysicsEngine {

    private final SolverSettings solver;

    /** An engine with Orrery's solver settings for JBullet ({@link JBulletWorld#SOLVER}). */
    public JBulletPhysicsEngine() {
        this(JBulletWorld.SOLVER);
    }

    /** An engine whose worlds use these solver settings (for benchmarks that compare them). */
    public JBulletPhysicsEngine(SolverSettings solver) {
        if (solver.cfm() != 0) {
            throw new IllegalArgumentException("JBullet has no global CFM: it must be 0, got " + solver.cfm());
        }
        if (!solver.twoFrictionDirections()) {
            throw new IllegalArgumentException("JBullet always has friction along two directions");
        }
        this.solver = solver;
    }

    @Override
    public PhysicsWorld build(WorldSpec world) {
        return new JBulletWorld(world, solver);
    }

    @Override
    public String name() {
        return "jbullet";
    }
}
