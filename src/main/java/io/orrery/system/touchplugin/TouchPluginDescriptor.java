package io.orrery.system.touchplugin;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link TouchPlugin}: {@code gz-sim-touchplugin-system}, {@code gz::sim::systems::TouchPlugin}, one per
 * {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class TouchPluginDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "touchplugin";
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of("touchplugin");
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of("TouchPlugin");
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new TouchPlugin();
    }
}
