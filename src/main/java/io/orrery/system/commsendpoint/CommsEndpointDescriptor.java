package io.orrery.system.commsendpoint;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link CommsEndpoint}: {@code gz-sim-comms-endpoint-system}, {@code gz::sim::systems::CommsEndpoint}, one
 * per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class CommsEndpointDescriptor extends GazeboPort {

    public CommsEndpointDescriptor() {
        super(CommsEndpoint.SHORT_NAME, CommsEndpoint.CLASS_NAME, spec -> new CommsEndpoint());
    }
}
