package io.orrery.system.buoyancyengine;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link BuoyancyEngine}: {@code gz-sim-buoyancy-engine-system},
 * {@code gz::sim::systems::BuoyancyEngine}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class BuoyancyEngineDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return BuoyancyEngine.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(BuoyancyEngine.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(BuoyancyEngine.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new BuoyancyEngine();
    }
}
