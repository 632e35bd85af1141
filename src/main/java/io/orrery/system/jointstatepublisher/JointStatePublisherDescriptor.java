package io.orrery.system.jointstatepublisher;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link JointStatePublisher}: {@code gz-sim-joint-state-publisher-system}, {@code
 * gz::sim::systems::JointStatePublisher}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class JointStatePublisherDescriptor extends GazeboPort {

    public JointStatePublisherDescriptor() {
        super("joint-state-publisher", "JointStatePublisher", spec -> new JointStatePublisher());
    }
}
