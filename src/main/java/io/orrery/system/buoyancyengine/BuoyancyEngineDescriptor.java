package io.orrery.system.buoyancyengine;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link BuoyancyEngine}: {@code gz-sim-buoyancy-engine-system},
 * {@code gz::sim::systems::BuoyancyEngine}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class BuoyancyEngineDescriptor extends GazeboPort {

    public BuoyancyEngineDescriptor() {
        super(BuoyancyEngine.SHORT_NAME, BuoyancyEngine.CLASS_NAME, spec -> new BuoyancyEngine());
    }
}
