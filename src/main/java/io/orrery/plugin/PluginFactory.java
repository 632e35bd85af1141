package io.orrery.plugin;

import io.orrery.world.PluginSpec;
import java.util.List;

/** Creates one plugin object for one {@code <plugin>} element; should only construct, not start anything. */
@FunctionalInterface
public interface PluginFactory {

    /** A new plugin for {@code spec}. */
    Plugin create(PluginSpec spec);

    /**
     * The addresses (URLs) a plugin made for {@code spec} would connect to, read from its parameters without making
     * it: a type that opens connections must list them, so that a world or model from a request can be refused
     * before it loads ({@code orrery.allowed-plugin-endpoints}). None by default.
     */
    default List<String> endpoints(PluginSpec spec) {
        return List.of();
    }
}
