package io.orrery.physics.bullet;

import io.orrery.physics.Articulation;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SolverSettings;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.decomposition.Libbulletjme;
import java.util.Objects;

/**
 * Builds native Bullet 3 worlds through Libbulletjme: a discrete dynamics world with a dynamic-AABB-tree
 * broadphase and the sequential impulse solver, as the JBullet engine builds. The native library is loaded on the
 * first world built.
 */
public final class BulletPhysicsEngine implements PhysicsEngine {

    /** The name {@code orrery.physics.engine} chooses it by. */
    static final String NAME = "bullet";

    private final Articulation articulation;
    private final SolverSettings solver;

    /** An engine in the default articulation mode ({@link Articulation#DEFAULT}), with Orrery's solver settings. */
    public BulletPhysicsEngine() {
        this(Articulation.DEFAULT);
    }

    /** An engine whose models' joints are held as {@code articulation} says, with Orrery's solver settings. */
    public BulletPhysicsEngine(Articulation articulation) {
        this(articulation, BulletWorld.SOLVER);
    }

    /**
     * An engine whose solver runs {@code iterations} per step, otherwise as Orrery sets it (the articulation
     * benchmark's stiff-constraints candidate).
     */
    public BulletPhysicsEngine(Articulation articulation, int iterations) {
        this(articulation, BulletWorld.SOLVER.withIterations(iterations));
    }

    /** An engine in the default articulation mode whose worlds use these solver settings (for benchmarks). */
    public BulletPhysicsEngine(SolverSettings solver) {
        this(Articulation.DEFAULT, solver);
    }

    /** An engine whose worlds hold joints as {@code articulation} says and use these solver settings. */
    public BulletPhysicsEngine(Articulation articulation, SolverSettings solver) {
        if (solver.jointIterations() != solver.iterations()) {
            throw new IllegalArgumentException("Bullet solves joints in every iteration: joint iterations must be "
                    + solver.iterations() + ", got " + solver.jointIterations());
        }
        this.articulation = Objects.requireNonNull(articulation, "articulation");
        this.solver = solver;
    }

    @Override
    public PhysicsWorld build(WorldSpec world) {
        Libbulletjme.load();
        return new BulletWorld(world, articulation, solver);
    }

    /** How this engine's worlds hold their models' links to their joints. */
    public Articulation articulation() {
        return articulation;
    }

    @Override
    public String name() {
        return NAME;
    }
}
