package io.orrery.system.hydrodynamics;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link Hydrodynamics}: {@code gz-sim-hydrodynamics-system}, {@code gz::sim::systems::Hydrodynamics}, one
 * per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class HydrodynamicsDescriptor extends GazeboPort {

    public HydrodynamicsDescriptor() {
        super(Hydrodynamics.SHORT_NAME, Hydrodynamics.CLASS_NAME, spec -> new Hydrodynamics());
    }
}
