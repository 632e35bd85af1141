package io.orrery.system.odometrypublisher;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link OdometryPublisher}: {@code gz-sim-odometry-publisher-system}, {@code
 * gz::sim::systems::OdometryPublisher}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class OdometryPublisherDescriptor extends GazeboPort {

    public OdometryPublisherDescriptor() {
        super(OdometryPublisher.SHORT_NAME, OdometryPublisher.CLASS_NAME, spec -> new OdometryPublisher());
    }
}
