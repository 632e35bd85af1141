package io.orrery.system.performerdetector;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link PerformerDetector}: {@code gz-sim-performer-detector-system},
 * {@code gz::sim::systems::PerformerDetector}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class PerformerDetectorDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return PerformerDetector.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(PerformerDetector.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(PerformerDetector.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new PerformerDetector();
    }
}
