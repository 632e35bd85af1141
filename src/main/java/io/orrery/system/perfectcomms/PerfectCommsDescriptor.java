package io.orrery.system.perfectcomms;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.comms.CommsBrokerSystem;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares Gazebo's PerfectComms system: {@code gz-sim-perfect-comms-system}, {@code gz::sim::systems::PerfectComms}, one per {@code <plugin>} of a
 * world: a {@link CommsBrokerSystem} whose messages travel by {@link PerfectDelivery}.
 */
@AutoService(SystemDescriptor.class)
public final class PerfectCommsDescriptor extends GazeboPort {

    /** Gazebo's short name: {@code gz-sim-perfect-comms-system}. */
    static final String SHORT_NAME = "perfect-comms";
    /** Gazebo's class name: {@code gz::sim::systems::PerfectComms}. */
    static final String CLASS_NAME = "PerfectComms";

    public PerfectCommsDescriptor() {
        super(SHORT_NAME, CLASS_NAME, spec -> new CommsBrokerSystem(CLASS_NAME, PerfectDelivery::of));
    }
}
