package io.orrery.system.detachablejoint;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link DetachableJoint}: {@code gz-sim-detachable-joint-system}, {@code gz::sim::systems::DetachableJoint},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class DetachableJointDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return DetachableJoint.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(DetachableJoint.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(DetachableJoint.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new DetachableJoint();
    }
}
