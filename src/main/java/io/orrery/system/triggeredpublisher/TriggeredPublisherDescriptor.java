package io.orrery.system.triggeredpublisher;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link TriggeredPublisher}: {@code gz-sim-triggered-publisher-system},
 * {@code gz::sim::systems::TriggeredPublisher}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class TriggeredPublisherDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return TriggeredPublisher.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(TriggeredPublisher.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(TriggeredPublisher.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new TriggeredPublisher();
    }
}
