package io.orrery.system.touchplugin;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link TouchPlugin}: {@code gz-sim-touchplugin-system}, {@code gz::sim::systems::TouchPlugin}, one per
 * {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class TouchPluginDescriptor extends GazeboPort {

    public TouchPluginDescriptor() {
        super("touchplugin", "TouchPlugin", spec -> new TouchPlugin());
    }
}
