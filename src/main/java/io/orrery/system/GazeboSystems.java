package io.orrery.system;

import io.orrery.plugin.PluginRegistry;

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
        registry.registerGazeboSystem(spec -> new io.orrery.system.diffdrive.DiffDrive(),
                io.orrery.system.diffdrive.DiffDrive.SHORT_NAME, io.orrery.system.diffdrive.DiffDrive.CLASS_NAME);
        registry.registerGazeboSystem(spec -> new io.orrery.system.velocitycontrol.VelocityControl(),
                io.orrery.system.velocitycontrol.VelocityControl.SHORT_NAME,
                io.orrery.system.velocitycontrol.VelocityControl.CLASS_NAME);
        registry.registerGazeboSystem(spec -> new io.orrery.system.odometrypublisher.OdometryPublisher(),
                io.orrery.system.odometrypublisher.OdometryPublisher.SHORT_NAME,
                io.orrery.system.odometrypublisher.OdometryPublisher.CLASS_NAME);
        registry.registerGazeboSystem(spec -> new io.orrery.system.posepublisher.PosePublisher(),
                io.orrery.system.posepublisher.PosePublisher.SHORT_NAME,
                io.orrery.system.posepublisher.PosePublisher.CLASS_NAME);
        return registry;
    }
}
