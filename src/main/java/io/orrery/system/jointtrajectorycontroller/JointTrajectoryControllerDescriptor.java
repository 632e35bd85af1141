package io.orrery.system.jointtrajectorycontroller;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link JointTrajectoryController}: {@code gz-sim-joint-trajectory-controller-system}, {@code gz::sim::systems::JointTrajectoryController},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointTrajectoryControllerDescriptor extends GazeboPort {

    public JointTrajectoryControllerDescriptor() {
        super(
                JointTrajectoryController.SHORT_NAME,
                JointTrajectoryController.CLASS_NAME,
                spec -> new JointTrajectoryController());
    }
}
