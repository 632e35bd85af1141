package io.orrery.system;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A registered system, for display.
 *
 * @param name the system's name ({@link NamedSystem}, else its class name)
 * @param priority the effective priority
 * @param prioritySource where the priority came from, e.g. {@code @Order on @Bean method}, {@code Prioritized},
 *     {@code default}
 * @param origin what made the system
 * @param phases the phases it takes part in, Reset included when it implements it
 * @param stateless true when it is marked {@link Stateless}
 */
public record SystemInfo(
        String name, int priority, String prioritySource, SystemOrigin origin, Set<Phase> phases, boolean stateless) {

    public SystemInfo {
        Objects.requireNonNull(prioritySource, "prioritySource");
        Objects.requireNonNull(origin, "origin");
        // EnumSet keeps the phases in their natural order for display.
        phases = phases.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(phases));
    }

    /** True when a reset can be done with this system: it implements Reset or is stateless. */
    public boolean supportsReset() {
        return stateless || phases.contains(Phase.RESET);
    }
}
