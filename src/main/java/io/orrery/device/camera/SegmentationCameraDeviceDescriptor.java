package io.orrery.device.camera;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link SegmentationCameraDevice}: sensors of type {@code segmentation} (SDF's name) and
 * {@code segmentation_camera}, fed in Gazebo by {@code gz-sim-sensors-system}, their labels set by
 * {@code gz-sim-label-system}, which the SDF reader applies to the visuals.
 */
@AutoService(DeviceDescriptor.class)
public final class SegmentationCameraDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "segmentation_camera";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("segmentation", "segmentation_camera");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("sensors", "label");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new SegmentationCameraDevice(mount, context);
    }
}
