package io.orrery.system.jointcontroller;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link JointController}: {@code gz-sim-joint-controller-system}, {@code gz::sim::systems::JointController},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointControllerDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "joint-controller";
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of("joint-controller");
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of("JointController");
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new JointController();
    }
}
