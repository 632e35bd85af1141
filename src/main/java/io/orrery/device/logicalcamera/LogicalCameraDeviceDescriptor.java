package io.orrery.device.logicalcamera;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link LogicalCameraDevice}: sensors of type {@code logical_camera}, fed in Gazebo by {@code
 * gz-sim-logical-camera-system}.
 */
@AutoService(DeviceDescriptor.class)
public final class LogicalCameraDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "logical_camera";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("logical_camera");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("logical-camera");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new LogicalCameraDevice(mount, context);
    }
}
