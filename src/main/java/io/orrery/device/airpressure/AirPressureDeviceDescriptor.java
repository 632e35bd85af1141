package io.orrery.device.airpressure;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link AirPressureDevice}: sensors of type {@code air_pressure}, fed in Gazebo by {@code
 * gz-sim-air-pressure-system}.
 */
@AutoService(DeviceDescriptor.class)
public final class AirPressureDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "air_pressure";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("air_pressure");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("air-pressure");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new AirPressureDevice(mount, context);
    }
}
