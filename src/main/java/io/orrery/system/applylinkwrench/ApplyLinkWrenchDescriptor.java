package io.orrery.system.applylinkwrench;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link ApplyLinkWrench}: {@code gz-sim-apply-link-wrench-system},
 * {@code gz::sim::systems::ApplyLinkWrench}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class ApplyLinkWrenchDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return ApplyLinkWrench.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(ApplyLinkWrench.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(ApplyLinkWrench.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new ApplyLinkWrench();
    }
}
