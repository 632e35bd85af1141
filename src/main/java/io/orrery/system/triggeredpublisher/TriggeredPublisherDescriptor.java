package io.orrery.system.triggeredpublisher;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link TriggeredPublisher}: {@code gz-sim-triggered-publisher-system},
 * {@code gz::sim::systems::TriggeredPublisher}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class TriggeredPublisherDescriptor extends GazeboPort {

    public TriggeredPublisherDescriptor() {
        super(TriggeredPublisher.SHORT_NAME, TriggeredPublisher.CLASS_NAME, spec -> new TriggeredPublisher());
    }
}
