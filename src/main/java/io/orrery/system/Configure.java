package io.orrery.system;

import io.orrery.world.PluginSpec;

/** A system configured from the {@code <plugin>} element that named it, once, before it is added. */
@FunctionalInterface
public interface Configure {

    /** Reads the system's parameters; throws on bad ones, with a message naming the element. */
    void configure(PluginSpec spec);
}
