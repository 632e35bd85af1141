package io.orrery.device.camera;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link WideAngleCameraDevice}: sensors of type {@code wideanglecamera} (and sdformat's other spelling,
 * {@code wide_angle_camera}), fed in Gazebo by {@code gz-sim-sensors-system}.
 */
@AutoService(DeviceDescriptor.class)
public final class WideAngleCameraDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "wide_angle_camera";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("wideanglecamera", "wide_angle_camera");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("sensors");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new WideAngleCameraDevice(mount, context);
    }
}
