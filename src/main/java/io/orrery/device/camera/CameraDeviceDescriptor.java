package io.orrery.device.camera;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link CameraDevice}: sensors of type {@code camera}, {@code depth_camera} and {@code rgbd_camera} (and
 * SDF's short names {@code depth}, {@code rgbd}), fed in Gazebo by {@code gz-sim-sensors-system}; Orrery renders
 * them with {@link io.orrery.render}.
 */
@AutoService(DeviceDescriptor.class)
public final class CameraDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "camera";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("camera", "depth_camera", "depth", "rgbd_camera", "rgbd");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("sensors");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new CameraDevice(mount, context);
    }
}
