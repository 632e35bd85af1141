package io.orrery.system.linearbattery;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link LinearBatteryPlugin}: {@code gz-sim-linearbatteryplugin-system},
 * {@code gz::sim::systems::LinearBatteryPlugin}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class LinearBatteryPluginDescriptor extends GazeboPort {

    public LinearBatteryPluginDescriptor() {
        super(LinearBatteryPlugin.SHORT_NAME, LinearBatteryPlugin.CLASS_NAME, spec -> new LinearBatteryPlugin());
    }
}
