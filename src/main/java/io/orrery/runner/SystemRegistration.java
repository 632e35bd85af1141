package io.orrery.runner;

import java.util.OptionalInt;

/**
 * A system registered for every world, with its priority when it states one.
 *
 * @param system an object implementing one or more phase interfaces
 * @param priority its priority (smaller runs first); empty means the system's own or the default
 */
public record SystemRegistration(Object system, OptionalInt priority) {
}
