package io.orrery.system.posepublisher;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link PosePublisher}: {@code gz-sim-pose-publisher-system}, {@code gz::sim::systems::PosePublisher}, one
 * per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class PosePublisherDescriptor extends GazeboPort {

    public PosePublisherDescriptor() {
        super(PosePublisher.SHORT_NAME, PosePublisher.CLASS_NAME, spec -> new PosePublisher());
    }
}
