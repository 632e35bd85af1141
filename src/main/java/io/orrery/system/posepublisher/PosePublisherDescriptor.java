package io.orrery.system.posepublisher;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link PosePublisher}: {@code gz-sim-pose-publisher-system}, {@code gz::sim::systems::PosePublisher}, one
 * per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class PosePublisherDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return PosePublisher.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(PosePublisher.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(PosePublisher.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new PosePublisher();
    }
}
