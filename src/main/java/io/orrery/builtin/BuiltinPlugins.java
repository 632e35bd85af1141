package io.orrery.builtin;

import io.orrery.plugin.PluginRegistry;

/** Registers Orrery's built-in plugin types. */
public final class BuiltinPlugins {

    private BuiltinPlugins() {}

    /** Registers every built-in type under its filename, and Gazebo's systems; returns the registry. */
    public static PluginRegistry registerAll(PluginRegistry registry) {
        registry.register(spec -> new PosePublisherPlugin(), PosePublisherPlugin.FILENAME);
        registry.register(LifecycleBridgePlugin.FACTORY, LifecycleBridgePlugin.FILENAME);
        return GazeboSystems.registerAll(registry);
    }
}
