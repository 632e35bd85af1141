package io.orrery.system.windeffects;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link WindEffects}: {@code gz-sim-wind-effects-system}, {@code gz::sim::systems::WindEffects}, one per
 * {@code <plugin>} of a world.
 */
@AutoService(SystemDescriptor.class)
public final class WindEffectsDescriptor extends GazeboPort {

    public WindEffectsDescriptor() {
        super(WindEffects.SHORT_NAME, WindEffects.CLASS_NAME, spec -> new WindEffects());
    }
}
