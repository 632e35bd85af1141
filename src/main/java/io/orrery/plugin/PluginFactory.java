package io.orrery.plugin;

import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
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

    /**
     * Of {@code spec}'s parameter elements (the very instances), those a plugin made for it would not simulate in a
     * world named {@code world} (empty for a model read alone), read without making it: listed as not simulated when
     * the world loads, refused under {@code orrery.sdf.unsupported=fail}. None by default.
     */
    default List<SdfElement> notSimulated(PluginSpec spec, String world) {
        return List.of();
    }
}
