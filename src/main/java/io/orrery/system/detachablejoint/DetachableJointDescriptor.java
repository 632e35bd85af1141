package io.orrery.system.detachablejoint;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link DetachableJoint}: {@code gz-sim-detachable-joint-system}, {@code gz::sim::systems::DetachableJoint},
 * one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class DetachableJointDescriptor extends GazeboPort {

    public DetachableJointDescriptor() {
        super(DetachableJoint.SHORT_NAME, DetachableJoint.CLASS_NAME, spec -> new DetachableJoint());
    }
}
