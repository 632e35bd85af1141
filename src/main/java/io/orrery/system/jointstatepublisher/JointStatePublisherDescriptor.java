package io.orrery.system.jointstatepublisher;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link JointStatePublisher}: {@code gz-sim-joint-state-publisher-system}, {@code
 * gz::sim::systems::JointStatePublisher}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointStatePublisherDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "joint-state-publisher";
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of("joint-state-publisher");
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of("JointStatePublisher");
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new JointStatePublisher();
    }
}
