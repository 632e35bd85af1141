package io.orrery.plugin;

import io.orrery.world.PluginSpec;

/** Creates one plugin object for one {@code <plugin>} element; should only construct, not start anything. */
@FunctionalInterface
public interface PluginFactory {

    /** A new plugin for {@code spec}. */
    Plugin create(PluginSpec spec);
}
