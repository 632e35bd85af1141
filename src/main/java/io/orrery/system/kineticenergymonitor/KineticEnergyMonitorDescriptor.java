package io.orrery.system.kineticenergymonitor;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link KineticEnergyMonitor}: {@code gz-sim-kinetic-energy-monitor-system},
 * {@code gz::sim::systems::KineticEnergyMonitor}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class KineticEnergyMonitorDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return KineticEnergyMonitor.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(KineticEnergyMonitor.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(KineticEnergyMonitor.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new KineticEnergyMonitor();
    }
}
