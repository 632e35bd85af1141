package io.orrery.system;

/** A system with its own default priority; an explicit priority given at registration wins over it. */
public interface Prioritized {

    /** The priority; smaller runs first (see {@link Priorities}). */
    int priority();
}
