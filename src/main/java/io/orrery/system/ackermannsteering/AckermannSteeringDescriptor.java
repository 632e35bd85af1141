package io.orrery.system.ackermannsteering;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link AckermannSteering}: {@code gz-sim-ackermann-steering-system},
 * {@code gz::sim::systems::AckermannSteering}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class AckermannSteeringDescriptor extends GazeboPort {

    public AckermannSteeringDescriptor() {
        super(AckermannSteering.SHORT_NAME, AckermannSteering.CLASS_NAME, spec -> new AckermannSteering());
    }
}
