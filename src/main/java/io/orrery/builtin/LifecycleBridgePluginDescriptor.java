package io.orrery.builtin;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/** Declares {@link LifecycleBridgePlugin}: {@code orrery-lifecycle-bridge}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class LifecycleBridgePluginDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return LifecycleBridgePlugin.FILENAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> filenames() {
        return List.of(LifecycleBridgePlugin.FILENAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return LifecycleBridgePlugin.FACTORY;
    }
}
