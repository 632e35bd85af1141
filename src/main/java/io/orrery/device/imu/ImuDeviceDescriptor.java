package io.orrery.device.imu;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/** Declares {@link ImuDevice}: sensors of type {@code imu}, fed in Gazebo by {@code gz-sim-imu-system}. */
@AutoService(DeviceDescriptor.class)
public final class ImuDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "imu";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("imu");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("imu");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new ImuDevice(mount, context);
    }
}
