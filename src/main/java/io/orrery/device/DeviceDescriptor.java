package io.orrery.device;

import java.util.List;
import java.util.Set;

/**
 * A kind of device as it declares itself, in its own folder: the {@code <sensor type>}s it simulates, the Gazebo
 * systems whose work it does (a world's {@code <plugin>} naming one loads as nothing, silently) and what makes one.
 * Orrery's are found on the class path ({@code @AutoService(DeviceDescriptor.class)}); the supported sensor types
 * are derived from them. Implementations are stateless, with a public no-argument constructor.
 */
public interface DeviceDescriptor {

    /** The kind's name ({@code imu}). */
    String name();

    /** The {@code type} attributes of the sensors it simulates ({@code lidar}, {@code gpu_lidar} ...). */
    Set<String> sensorTypes();

    /**
     * Gazebo's short names of the systems that feed this kind of sensor in Gazebo ({@code imu} for
     * {@code gz-sim-imu-system}); a world names them in {@code <plugin>} elements, and Orrery's devices do their
     * work.
     */
    List<String> gazeboSystems();

    /**
     * A device for the sensor at {@code mount}, whose type is one of {@link #sensorTypes()}.
     *
     * @throws IllegalArgumentException when the sensor's settings are wrong: it is logged and left out
     */
    Device create(Mount mount, DeviceContext context);
}
