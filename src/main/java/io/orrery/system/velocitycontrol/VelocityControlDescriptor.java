package io.orrery.system.velocitycontrol;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link VelocityControl}: {@code gz-sim-velocity-control-system}, {@code gz::sim::systems::VelocityControl},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class VelocityControlDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return VelocityControl.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(VelocityControl.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(VelocityControl.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new VelocityControl();
    }
}
