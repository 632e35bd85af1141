package io.orrery.device.altimeter;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link AltimeterDevice}: sensors of type {@code altimeter}, fed in Gazebo by {@code
 * gz-sim-altimeter-system}.
 */
@AutoService(DeviceDescriptor.class)
public final class AltimeterDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "altimeter";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("altimeter");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("altimeter");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new AltimeterDevice(mount, context);
    }
}
