package io.orrery.system.logicalaudio;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link LogicalAudioSensorPlugin}: {@code gz-sim-logicalaudiosensorplugin-system},
 * {@code gz::sim::systems::LogicalAudioSensorPlugin}, one per {@code <plugin>} of a world or model.
 */
@AutoService(SystemDescriptor.class)
public final class LogicalAudioSensorPluginDescriptor extends GazeboPort {

    public LogicalAudioSensorPluginDescriptor() {
        super(
                LogicalAudioSensorPlugin.SHORT_NAME,
                LogicalAudioSensorPlugin.CLASS_NAME,
                spec -> new LogicalAudioSensorPlugin());
    }
}
