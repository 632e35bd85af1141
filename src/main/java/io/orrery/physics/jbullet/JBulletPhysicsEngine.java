package io.orrery.physics.jbullet;

import io.orrery.physics.Articulation;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SolverSettings;
import io.orrery.world.WorldSpec;
import java.util.Objects;

/**
 * Builds JBullet worlds: a discrete dynamics world with a dynamic-AABB-tree broadphase and the sequential impulse
 * solver.
 */
public final class JBulletPhysicsEngine implements PhysicsEngine {

    /** The name {@code orrery.physics.engine} chooses it by. */
    static final String NAME = "jbullet";

    private final Articulation articulation;
    private final SolverSettings solver;

    /** An engine in the default articulation mode ({@link Articulation#DEFAULT}), with Orrery's solver settings. */
    public JBulletPhysicsEngine() {
        this(Articulation.DEFAULT);
    }

    /** An engine whose models' joints are held as {@code articulation} says, with Orrery's solver settings. */
    public JBulletPhysicsEngine(Articulation articulation) {
        this(articulation, JBulletWorld.SOLVER);
    }

    /**
     * An engine whose solver runs {@code iterations} per step over the contacts and the joints alike, otherwise as
     * Orrery sets it (the articulation benchmark's stiff-constraints candidate).
     */
    public JBulletPhysicsEngine(Articulation articulation, int iterations) {
        this(articulation, JBulletWorld.SOLVER.withIterations(iterations));
    }

    /** An engine in the default articulation mode whose worlds use these solver settings (for benchmarks). */
    public JBulletPhysicsEngine(SolverSettings solver) {
        this(Articulation.DEFAULT, solver);
    }

    /** An engine whose worlds hold joints as {@code articulation} says and use these solver settings. */
    public JBulletPhysicsEngine(Articulation articulation, SolverSettings solver) {
        if (solver.cfm() != 0) {
            throw new IllegalArgumentException("JBullet has no global CFM: it must be 0, got " + solver.cfm());
        }
        if (!solver.twoFrictionDirections()) {
            throw new IllegalArgumentException("JBullet always has friction along two directions");
        }
        this.articulation = Objects.requireNonNull(articulation, "articulation");
        this.solver = solver;
    }

    @Override
    public PhysicsWorld build(WorldSpec world) {
        return new JBulletWorld(world, articulation, solver);
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
