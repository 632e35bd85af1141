package io.orrery.system.multicoptercontrol;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link MulticopterVelocityControl}: {@code gz-sim-multicopter-control-system},
 * {@code gz::sim::systems::MulticopterVelocityControl}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class MulticopterVelocityControlDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return MulticopterVelocityControl.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(MulticopterVelocityControl.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(MulticopterVelocityControl.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new MulticopterVelocityControl();
    }
}
