package io.orrery.builtin;

import io.orrery.plugin.PluginRegistry;
import io.orrery.system.applyjointforce.ApplyJointForce;
import io.orrery.system.diffdrive.DiffDrive;
import io.orrery.system.jointcontroller.JointController;
import io.orrery.system.jointpositioncontroller.JointPositionController;
import io.orrery.system.jointstatepublisher.JointStatePublisher;
import io.orrery.system.odometrypublisher.OdometryPublisher;
import io.orrery.system.posepublisher.PosePublisher;
import io.orrery.system.touchplugin.TouchPlugin;
import io.orrery.system.velocitycontrol.VelocityControl;

/**
 * Gazebo's systems as Orrery's built-in plugins, found under Gazebo's filenames and names in every spelling
 * (see {@link io.orrery.plugin.GazeboSystemName}), with Gazebo's parameters, defaults and topics. Those whose
 * work Orrery does itself are accepted silently. Each ported system lives in its own sub-package.
 */
public final class GazeboSystems {

    private GazeboSystems() {}

    /** Registers every ported Gazebo system and the silently accepted ones; returns the registry. */
    public static PluginRegistry registerAll(PluginRegistry registry) {
        // The runner steps the physics, applies world edits and publishes the scene itself.
        registry.acceptSilently("physics", "user-commands", "scene-broadcaster");
        // Driving and poses.
        registry.registerGazeboSystem(spec -> new DiffDrive(), DiffDrive.SHORT_NAME, DiffDrive.CLASS_NAME);
        registry.registerGazeboSystem(
                spec -> new VelocityControl(), VelocityControl.SHORT_NAME, VelocityControl.CLASS_NAME);
        registry.registerGazeboSystem(
                spec -> new OdometryPublisher(), OdometryPublisher.SHORT_NAME, OdometryPublisher.CLASS_NAME);
        registry.registerGazeboSystem(spec -> new PosePublisher(), PosePublisher.SHORT_NAME, PosePublisher.CLASS_NAME);
        // Joints.
        registry.registerGazeboSystem(spec -> new JointController(), "joint-controller", "JointController");
        registry.registerGazeboSystem(
                spec -> new JointPositionController(), "joint-position-controller", "JointPositionController");
        registry.registerGazeboSystem(spec -> new ApplyJointForce(), "apply-joint-force", "ApplyJointForce");
        registry.registerGazeboSystem(
                spec -> new JointStatePublisher(), "joint-state-publisher", "JointStatePublisher");
        // Sensors are devices, built for every world from its <sensor> elements (io.orrery.device).
        registry.acceptSilently("imu", "contact", "sensors", "altimeter", "magnetometer", "cpu-lidar");
        registry.registerGazeboSystem(spec -> new TouchPlugin(), "touchplugin", "TouchPlugin");
        return registry;
    }
}
