package io.orrery.system.acousticcomms;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.comms.CommsBrokerSystem;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares Gazebo's AcousticComms system: {@code gz-sim-acoustic-comms-system}, {@code gz::sim::systems::AcousticComms}, one per {@code <plugin>} of a
 * world: a {@link CommsBrokerSystem} whose messages travel by {@link AcousticDelivery}.
 */
@AutoService(SystemDescriptor.class)
public final class AcousticCommsDescriptor extends GazeboPort {

    /** Gazebo's short name: {@code gz-sim-acoustic-comms-system}. */
    static final String SHORT_NAME = "acoustic-comms";
    /** Gazebo's class name: {@code gz::sim::systems::AcousticComms}. */
    static final String CLASS_NAME = "AcousticComms";

    public AcousticCommsDescriptor() {
        super(SHORT_NAME, CLASS_NAME, spec -> new CommsBrokerSystem(CLASS_NAME, AcousticDelivery::of));
    }
}
