package io.orrery.device.airspeed;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/** Declares {@link AirSpeedDevice}: sensors of type {@code air_speed}, fed in Gazebo by {@code gz-sim-air-speed-system}. */
@AutoService(DeviceDescriptor.class)
public final class AirSpeedDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "air_speed";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("air_speed");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("air-speed");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new AirSpeedDevice(mount, context);
    }
}
