package io.orrery.system;

import io.orrery.plugin.PluginRegistry;
import io.orrery.system.touchplugin.TouchPlugin;

/**
 * Gazebo's systems as Orrery's built-in plugins, found under Gazebo's filenames and names in every spelling
 * (see {@link io.orrery.plugin.GazeboSystemName}), with Gazebo's parameters, defaults and topics. Those whose
 * work Orrery does itself are accepted silently. Each ported system lives in its own sub-package.
 */
public final class GazeboSystems {

    private GazeboSystems() {
    }

    /** Registers every ported Gazebo system and the silently accepted ones; returns the registry. */
    public static PluginRegistry registerAll(PluginRegistry registry) {
        // The runner steps the physics, applies world edits and publishes the scene itself.
        registry.acceptSilently("physics", "user-commands", "scene-broadcaster");
        // Sensors are devices, built for every world from its <sensor> elements (io.orrery.device).
        registry.acceptSilently("imu", "contact", "sensors", "altimeter", "magnetometer", "cpu-lidar");
        registry.registerGazeboSystem(spec -> new TouchPlugin(), "touchplugin", "TouchPlugin");
        return registry;
    }
}
