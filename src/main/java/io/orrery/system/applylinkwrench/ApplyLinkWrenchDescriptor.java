package io.orrery.system.applylinkwrench;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link ApplyLinkWrench}: {@code gz-sim-apply-link-wrench-system},
 * {@code gz::sim::systems::ApplyLinkWrench}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class ApplyLinkWrenchDescriptor extends GazeboPort {

    public ApplyLinkWrenchDescriptor() {
        super(ApplyLinkWrench.SHORT_NAME, ApplyLinkWrench.CLASS_NAME, spec -> new ApplyLinkWrench());
    }
}
