package io.orrery.system.performerdetector;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link PerformerDetector}: {@code gz-sim-performer-detector-system},
 * {@code gz::sim::systems::PerformerDetector}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class PerformerDetectorDescriptor extends GazeboPort {

    public PerformerDetectorDescriptor() {
        super(PerformerDetector.SHORT_NAME, PerformerDetector.CLASS_NAME, spec -> new PerformerDetector());
    }
}
