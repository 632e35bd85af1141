package io.orrery.system.kineticenergymonitor;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link KineticEnergyMonitor}: {@code gz-sim-kinetic-energy-monitor-system},
 * {@code gz::sim::systems::KineticEnergyMonitor}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class KineticEnergyMonitorDescriptor extends GazeboPort {

    public KineticEnergyMonitorDescriptor() {
        super(KineticEnergyMonitor.SHORT_NAME, KineticEnergyMonitor.CLASS_NAME, spec -> new KineticEnergyMonitor());
    }
}
