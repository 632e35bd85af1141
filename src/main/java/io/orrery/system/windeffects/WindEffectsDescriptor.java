package io.orrery.system.windeffects;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link WindEffects}: {@code gz-sim-wind-effects-system}, {@code gz::sim::systems::WindEffects}, one per
 * {@code <plugin>} of a world.
 */
@AutoService(SystemDescriptor.class)
public final class WindEffectsDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return WindEffects.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(WindEffects.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(WindEffects.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new WindEffects();
    }
}
