package io.orrery.device.environmental;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/**
 * Declares Gazebo's environmental sensors ({@code <sensor type="custom" gz:type="environmental_sensor/<field>">}) as
 * simulated. As in Gazebo, the sensor is made and sampled by the world's EnvironmentalSystem plugin
 * ({@code gz-sim-environmental-sensor-system}), which reads the data EnvironmentPreload loaded; so no device is built
 * here, and a world without that plugin has sensors that publish nothing, as in Gazebo.
 */
@AutoService(DeviceDescriptor.class)
public final class EnvironmentalSensorDeviceDescriptor implements DeviceDescriptor {

    /** The sensor kind: {@code custom} with a {@code gz:type} starting {@code environmental_sensor/}. */
    public static final String KIND = "custom/environmental_sensor";

    @Override
    public String name() {
        return "environmental_sensor";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of(KIND);
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of(); // the EnvironmentalSystem is a plugin of its own
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return null; // sampled by the EnvironmentalSystem plugin
    }
}
