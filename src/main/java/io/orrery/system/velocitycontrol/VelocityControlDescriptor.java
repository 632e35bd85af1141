package io.orrery.system.velocitycontrol;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link VelocityControl}: {@code gz-sim-velocity-control-system}, {@code gz::sim::systems::VelocityControl},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class VelocityControlDescriptor extends GazeboPort {

    public VelocityControlDescriptor() {
        super(VelocityControl.SHORT_NAME, VelocityControl.CLASS_NAME, spec -> new VelocityControl());
    }
}
