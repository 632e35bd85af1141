package io.orrery.device.lidar;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link LidarDevice}: sensors of type {@code lidar}, {@code gpu_lidar} and their older names {@code ray},
 * {@code gpu_ray}, fed in Gazebo by {@code gz-sim-sensors-system} (rendered) or a CPU lidar system; Orrery casts rays
 * against the collision shapes.
 */
@AutoService(DeviceDescriptor.class)
public final class LidarDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "lidar";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("lidar", "gpu_lidar", "ray", "gpu_ray");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("sensors", "cpu-lidar");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new LidarDevice(mount, context);
    }
}
