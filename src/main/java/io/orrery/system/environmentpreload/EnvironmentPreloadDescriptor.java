package io.orrery.system.environmentpreload;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link EnvironmentPreload}: {@code gz-sim-environment-preload-system},
 * {@code gz::sim::systems::EnvironmentPreload}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class EnvironmentPreloadDescriptor extends GazeboPort {

    public EnvironmentPreloadDescriptor() {
        super(EnvironmentPreload.SHORT_NAME, EnvironmentPreload.CLASS_NAME, spec -> new EnvironmentPreload());
    }
}
