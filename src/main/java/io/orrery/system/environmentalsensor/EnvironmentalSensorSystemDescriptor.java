package io.orrery.system.environmentalsensor;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link EnvironmentalSensorSystem}: {@code gz-sim-environmental-sensor-system},
 * {@code gz::sim::systems::EnvironmentalSystem}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class EnvironmentalSensorSystemDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return EnvironmentalSensorSystem.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(EnvironmentalSensorSystem.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return EnvironmentalSensorSystem.CLASS_NAMES;
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new EnvironmentalSensorSystem();
    }
}
