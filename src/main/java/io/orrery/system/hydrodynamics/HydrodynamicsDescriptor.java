package io.orrery.system.hydrodynamics;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link Hydrodynamics}: {@code gz-sim-hydrodynamics-system}, {@code gz::sim::systems::Hydrodynamics}, one
 * per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class HydrodynamicsDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return Hydrodynamics.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(Hydrodynamics.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(Hydrodynamics.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new Hydrodynamics();
    }
}
