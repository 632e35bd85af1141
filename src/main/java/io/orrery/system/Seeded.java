package io.orrery.system;

/**
 * A system that draws random numbers (noise, say). The runner seeds it before its first step and again at every
 * reset, from the run's seed ({@code orrery.seed}, or the seed a reset was given) mixed with the system's name, so an
 * episode repeats bit for bit and two systems never share a stream. Draw every random number from that seed.
 */
@FunctionalInterface
public interface Seeded {

    /** Starts the system's random streams over from {@code seed}; runner thread, between steps. */
    void seed(long seed);
}
