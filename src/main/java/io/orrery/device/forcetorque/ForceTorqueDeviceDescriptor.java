package io.orrery.device.forcetorque;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link ForceTorqueDevice}: joint sensors of type {@code force_torque}, fed in Gazebo by {@code
 * gz-sim-forcetorque-system}.
 */
@AutoService(DeviceDescriptor.class)
public final class ForceTorqueDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "force_torque";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("force_torque");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("forcetorque");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new ForceTorqueDevice(mount, context);
    }
}
