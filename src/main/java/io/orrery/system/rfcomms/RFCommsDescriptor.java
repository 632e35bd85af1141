package io.orrery.system.rfcomms;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.comms.CommsBrokerSystem;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares Gazebo's RFComms system: {@code gz-sim-rf-comms-system}, {@code gz::sim::systems::RFComms}, one per {@code <plugin>} of a
 * world: a {@link CommsBrokerSystem} whose messages travel by {@link RadioDelivery}.
 */
@AutoService(SystemDescriptor.class)
public final class RFCommsDescriptor extends GazeboPort {

    /** Gazebo's short name: {@code gz-sim-rf-comms-system}. */
    static final String SHORT_NAME = "rf-comms";
    /** Gazebo's class name: {@code gz::sim::systems::RFComms}. */
    static final String CLASS_NAME = "RFComms";

    public RFCommsDescriptor() {
        super(SHORT_NAME, CLASS_NAME, spec -> new CommsBrokerSystem(CLASS_NAME, RadioDelivery::of));
    }
}
