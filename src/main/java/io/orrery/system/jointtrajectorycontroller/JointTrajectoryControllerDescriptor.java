package io.orrery.system.jointtrajectorycontroller;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link JointTrajectoryController}: {@code gz-sim-joint-trajectory-controller-system}, {@code gz::sim::systems::JointTrajectoryController},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointTrajectoryControllerDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return JointTrajectoryController.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(JointTrajectoryController.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(JointTrajectoryController.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new JointTrajectoryController();
    }
}
