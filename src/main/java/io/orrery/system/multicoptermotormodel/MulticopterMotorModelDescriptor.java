package io.orrery.system.multicoptermotormodel;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link MulticopterMotorModel}: {@code gz-sim-multicopter-motor-model-system},
 * {@code gz::sim::systems::MulticopterMotorModel}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class MulticopterMotorModelDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return MulticopterMotorModel.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(MulticopterMotorModel.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(MulticopterMotorModel.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new MulticopterMotorModel();
    }
}
