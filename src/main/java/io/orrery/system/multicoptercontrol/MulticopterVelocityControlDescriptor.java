package io.orrery.system.multicoptercontrol;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link MulticopterVelocityControl}: {@code gz-sim-multicopter-control-system},
 * {@code gz::sim::systems::MulticopterVelocityControl}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class MulticopterVelocityControlDescriptor extends GazeboPort {

    public MulticopterVelocityControlDescriptor() {
        super(
                MulticopterVelocityControl.SHORT_NAME,
                MulticopterVelocityControl.CLASS_NAME,
                spec -> new MulticopterVelocityControl());
    }
}
