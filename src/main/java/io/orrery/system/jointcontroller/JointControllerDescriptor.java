package io.orrery.system.jointcontroller;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link JointController}: {@code gz-sim-joint-controller-system}, {@code gz::sim::systems::JointController},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointControllerDescriptor extends GazeboPort {

    public JointControllerDescriptor() {
        super("joint-controller", "JointController", spec -> new JointController());
    }
}
