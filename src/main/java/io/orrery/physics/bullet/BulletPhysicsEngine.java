package io.orrery.physics.bullet;

import io.orrery.physics.Articulation;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.WorldSpec;

/**
 * Builds native Bullet 3 worlds through Libbulletjme: a discrete dynamics world with a dynamic-AABB-tree
 * broadphase and the sequential impulse solver, as the JBullet engine builds. The native library is loaded on the
 * first world built.
 */
public final class BulletPhysicsEngine implements PhysicsEngine {

    /** Bullet's default number of solver iterations per step. */
    public static final int DEFAULT_ITERATIONS = 10;

    private final Articulation articulation;
    private final int iterations;

    /** An engine in the default articulation mode ({@link Articulation#DEFAULT}). */
    public BulletPhysicsEngine() {
        this(Articulation.DEFAULT);
    }

    /** An engine whose models' joints are held as {@code articulation} says. */
    public BulletPhysicsEngine(Articulation articulation) {
        this(articulation, DEFAULT_ITERATIONS);
    }

    /**
     * An engine whose solver runs {@code iterations} per step (the articulation benchmark's stiff-constraints
     * candidate; {@value #DEFAULT_ITERATIONS} otherwise).
     */
    public BulletPhysicsEngine(Articulation articulation, int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("expected at least 1 solver iteration, got " + iterations);
        }
        this.articulation = java.util.Objects.requireNonNull(articulation, "articulation");
        this.iterations = iterations;
    }

    @Override
    public PhysicsWorld build(WorldSpec world) {
        NativeBullet.load();
        return new BulletWorld(world, articulation, iterations);
    }

    /** How this engine's worlds hold their models' links to their joints. */
    public Articulation articulation() {
        return articulation;
    }

    @Override
    public String name() {
        return "bullet";
    }
}
