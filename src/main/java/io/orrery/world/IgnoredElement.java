package io.orrery.world;

/**
 * An element kept in the document but not simulated, reported once when the world loads.
 *
 * @param element the element name, for example {@code light} or {@code sensor}
 * @param where a human-readable location, for example {@code model 'car' link 'chassis'}
 * @param line the line in the source file
 */
public record IgnoredElement(String element, String where, int line) {
}
