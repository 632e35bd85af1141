package io.orrery.runner;

import io.orrery.world.PluginSpec;
import java.util.Optional;

/** Turns a world's {@code <plugin>} element into a system, when Orrery provides one for its filename. */
@FunctionalInterface
public interface SystemCatalog {

    /** No systems from world plugins. */
    SystemCatalog NONE = plugin -> Optional.empty();

    /** A new system for the element, or empty when its filename names nothing Orrery provides. */
    Optional<Object> create(PluginSpec plugin);
}
