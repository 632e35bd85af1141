package io.orrery.runner.port;

import io.orrery.system.SystemOrigin;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A system registered for every world, with its priority when it states one.
 *
 * @param system an object implementing one or more phase interfaces
 * @param priority its priority (smaller runs first); empty means the system's own or the default
 * @param prioritySource where a present priority came from, as listings show it (e.g. {@code Ordered})
 * @param origin what made the system (a Spring bean and its name, say)
 */
public record SystemRegistration(Object system, OptionalInt priority, String prioritySource, SystemOrigin origin) {

    public SystemRegistration {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(prioritySource, "prioritySource");
        Objects.requireNonNull(origin, "origin");
    }

    /** A system added in code, at {@code priority} if present. */
    public SystemRegistration(Object system, OptionalInt priority) {
        this(system, priority, "given", SystemOrigin.code());
    }
}
