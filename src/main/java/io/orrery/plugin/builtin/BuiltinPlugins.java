package io.orrery.plugin.builtin;

import io.orrery.plugin.PluginRegistry;

/** Registers Orrery's built-in plugin types. */
public final class BuiltinPlugins {

    private BuiltinPlugins() {
    }

    /** Registers every built-in type under its filename and returns the registry. */
    public static PluginRegistry registerAll(PluginRegistry registry) {
        registry.register(spec -> new PosePublisherPlugin(), PosePublisherPlugin.FILENAME);
        registry.register(spec -> new LifecycleBridgePlugin(), LifecycleBridgePlugin.FILENAME);
        return registry;
    }
}
