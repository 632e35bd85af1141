package io.orrery.system.wheelslip;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link WheelSlip}: {@code gz-sim-wheel-slip-system}, {@code gz::sim::systems::WheelSlip}, one per
 * {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class WheelSlipDescriptor extends GazeboPort {

    public WheelSlipDescriptor() {
        super(WheelSlip.SHORT_NAME, WheelSlip.CLASS_NAME, spec -> new WheelSlip());
    }
}
