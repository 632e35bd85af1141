package io.orrery.system.jointpositioncontroller;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link JointPositionController}: {@code gz-sim-joint-position-controller-system}, {@code
 * gz::sim::systems::JointPositionController}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointPositionControllerDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "joint-position-controller";
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of("joint-position-controller");
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of("JointPositionController");
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new JointPositionController();
    }
}
