package io.orrery.system.linearbattery;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link LinearBatteryPlugin}: {@code gz-sim-linearbatteryplugin-system},
 * {@code gz::sim::systems::LinearBatteryPlugin}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class LinearBatteryPluginDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return LinearBatteryPlugin.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(LinearBatteryPlugin.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(LinearBatteryPlugin.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new LinearBatteryPlugin();
    }
}
