package io.orrery.device.camera;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares {@link ThermalCameraDevice}: sensors of type {@code thermal} (SDF's name) and {@code thermal_camera}, fed
 * in Gazebo by {@code gz-sim-sensors-system}, configured by {@code gz-sim-thermal-sensor-system} (read by the device)
 * and seeing the temperatures {@code gz-sim-thermal-system} gives visuals (read by the SDF reader).
 */
@AutoService(DeviceDescriptor.class)
public final class ThermalCameraDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "thermal_camera";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("thermal", "thermal_camera");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("sensors", "thermal", "thermal-sensor");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new ThermalCameraDevice(mount, context);
    }
}
