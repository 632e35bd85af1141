package io.orrery.system.environmentpreload;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link EnvironmentPreload}: {@code gz-sim-environment-preload-system},
 * {@code gz::sim::systems::EnvironmentPreload}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class EnvironmentPreloadDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return EnvironmentPreload.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(EnvironmentPreload.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(EnvironmentPreload.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new EnvironmentPreload();
    }
}
