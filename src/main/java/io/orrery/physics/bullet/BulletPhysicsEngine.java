package io.orrery.physics.bullet;

import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SolverSettings;
import io.orrery.world.WorldSpec;

/**
 * Builds native Bullet 3 worlds through Libbulletjme: a discrete dynamics world with a dynamic-AABB-tree
 * broadphase and the sequential impulse solver, as the JBullet engine builds. The native library is loaded on the
 * first world built.
 */
public final class BulletPhysicsEngine implements PhysicsEngine {

    private final SolverSettings solver;

    /** An engine with Orrery's solver settings for Bullet ({@link BulletWorld#SOLVER}). */
    public BulletPhysicsEngine() {
        this(BulletWorld.SOLVER);
    }

    /** An engine whose worlds use these solver settings (for benchmarks that compare them). */
    public BulletPhysicsEngine(SolverSettings solver) {
        if (solver.jointIterations() != solver.iterations()) {
            throw new IllegalArgumentException("Bullet solves joints in every iteration: joint iterations must be "
                    + solver.iterations() + ", got " + solver.jointIterations());
        }
        this.solver = solver;
    }

    @Override
    public PhysicsWorld build(WorldSpec world) {
        NativeBullet.load();
        return new BulletWorld(world, solver);
    }

    @Override
    public String name() {
        return "bullet";
    }
}
