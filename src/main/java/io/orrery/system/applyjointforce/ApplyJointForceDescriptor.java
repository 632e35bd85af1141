package io.orrery.system.applyjointforce;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link ApplyJointForce}: {@code gz-sim-apply-joint-force-system}, {@code gz::sim::systems::ApplyJointForce},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class ApplyJointForceDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "apply-joint-force";
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of("apply-joint-force");
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of("ApplyJointForce");
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new ApplyJointForce();
    }
}
