package io.orrery.system.buoyancy;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/** Declares {@link Buoyancy}: {@code gz-sim-buoyancy-system}, {@code gz::sim::systems::Buoyancy}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class BuoyancyDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return Buoyancy.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(Buoyancy.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(Buoyancy.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new Buoyancy();
    }
}
