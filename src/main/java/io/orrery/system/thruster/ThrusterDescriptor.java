package io.orrery.system.thruster;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/** Declares {@link Thruster}: {@code gz-sim-thruster-system}, {@code gz::sim::systems::Thruster}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class ThrusterDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return Thruster.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(Thruster.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(Thruster.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new Thruster();
    }
}
