package io.orrery.system.jointpositioncontroller;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link JointPositionController}: {@code gz-sim-joint-position-controller-system}, {@code
 * gz::sim::systems::JointPositionController}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointPositionControllerDescriptor extends GazeboPort {

    public JointPositionControllerDescriptor() {
        super("joint-position-controller", "JointPositionController", spec -> new JointPositionController());
    }
}
