package io.orrery.system.trajectoryfollower;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link TrajectoryFollower}: {@code gz-sim-trajectory-follower-system},
 * {@code gz::sim::systems::TrajectoryFollower}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class TrajectoryFollowerDescriptor extends GazeboPort {

    public TrajectoryFollowerDescriptor() {
        super(TrajectoryFollower.SHORT_NAME, TrajectoryFollower.CLASS_NAME, spec -> new TrajectoryFollower());
    }
}
