package io.orrery.builtin;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/** Declares {@link PosePublisherPlugin}: {@code orrery-pose-publisher}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class PosePublisherPluginDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return PosePublisherPlugin.FILENAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> filenames() {
        return List.of(PosePublisherPlugin.FILENAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new PosePublisherPlugin();
    }
}
