package io.orrery.system.buoyancy;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/** Declares {@link Buoyancy}: {@code gz-sim-buoyancy-system}, {@code gz::sim::systems::Buoyancy}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class BuoyancyDescriptor extends GazeboPort {

    public BuoyancyDescriptor() {
        super(Buoyancy.SHORT_NAME, Buoyancy.CLASS_NAME, spec -> new Buoyancy());
    }
}
