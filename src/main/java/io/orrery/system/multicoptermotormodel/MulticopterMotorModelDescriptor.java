package io.orrery.system.multicoptermotormodel;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link MulticopterMotorModel}: {@code gz-sim-multicopter-motor-model-system},
 * {@code gz::sim::systems::MulticopterMotorModel}, one per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class MulticopterMotorModelDescriptor extends GazeboPort {

    public MulticopterMotorModelDescriptor() {
        super(MulticopterMotorModel.SHORT_NAME, MulticopterMotorModel.CLASS_NAME, spec -> new MulticopterMotorModel());
    }
}
