package io.orrery.system.thruster;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/** Declares {@link Thruster}: {@code gz-sim-thruster-system}, {@code gz::sim::systems::Thruster}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class ThrusterDescriptor extends GazeboPort {

    public ThrusterDescriptor() {
        super(Thruster.SHORT_NAME, Thruster.CLASS_NAME, spec -> new Thruster());
    }
}
