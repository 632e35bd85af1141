package io.orrery.system.ackermannsteering;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link AckermannSteering}: {@code gz-sim-ackermann-steering-system},
 * {@code gz::sim::systems::AckermannSteering}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class AckermannSteeringDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return AckermannSteering.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(AckermannSteering.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(AckermannSteering.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new AckermannSteering();
    }
}
