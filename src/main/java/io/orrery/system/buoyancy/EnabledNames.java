package io.orrery.system.buoyancy;

import java.util.Set;

/**
 * Buoyancy's {@code <enable>} elements: the scoped names (without the world's) of the links, models or nested models
 * that float; a link is enabled when its own name or any enclosing model's is listed. None listed enables every
 * link, as in Gazebo. Immutable.
 *
 * @param names the listed names
 */
record EnabledNames(Set<String> names) {

    EnabledNames {
        names = Set.copyOf(names);
    }

    /** Whether the link {@code scoped} ({@code model::nested::link}) floats. */
    boolean accepts(String scoped) {
        if (names.isEmpty()) {
            return true;
        }
        String name = scoped;
        while (true) {
            if (names.contains(name)) {
                return true;
            }
            int cut = name.lastIndexOf("::");
            if (cut < 0) {
                return false;
            }
            name = name.substring(0, cut);
        }
    }
}
