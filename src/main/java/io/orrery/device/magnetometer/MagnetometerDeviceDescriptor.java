package io.orrery.device.magnetometer;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link MagnetometerDevice}: sensors of type {@code magnetometer}, fed in Gazebo by {@code
 * gz-sim-magnetometer-system}.
 */
@AutoService(DeviceDescriptor.class)
public final class MagnetometerDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "magnetometer";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("magnetometer");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("magnetometer");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new MagnetometerDevice(mount, context);
    }
}
