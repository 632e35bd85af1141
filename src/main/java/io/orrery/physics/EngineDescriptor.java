package io.orrery.physics;

/**
 * A physics engine as it declares itself, in its own folder: the name {@code orrery.physics.engine} chooses it by
 * and what makes one. Orrery's are found on the class path ({@code @AutoService(EngineDescriptor.class)}); the
 * engine names are derived from them. Implementations are stateless, with a public no-argument constructor.
 */
public interface EngineDescriptor {

    /** The name it is chosen by, lower case ({@code jbullet}). */
    String name();

    /** A new engine whose worlds hold their models' joints as {@code articulation} says. */
    PhysicsEngine create(Articulation articulation);
}
