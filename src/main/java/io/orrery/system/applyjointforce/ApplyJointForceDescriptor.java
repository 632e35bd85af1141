package io.orrery.system.applyjointforce;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link ApplyJointForce}: {@code gz-sim-apply-joint-force-system}, {@code gz::sim::systems::ApplyJointForce},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class ApplyJointForceDescriptor extends GazeboPort {

    public ApplyJointForceDescriptor() {
        super("apply-joint-force", "ApplyJointForce", spec -> new ApplyJointForce());
    }
}
