package io.orrery.builtin;

import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceKinds;
import io.orrery.device.Mount;
import io.orrery.device.altimeter.AltimeterDevice;
import io.orrery.device.contact.ContactDevice;
import io.orrery.device.imu.ImuDevice;
import io.orrery.device.lidar.LidarDevice;
import io.orrery.device.magnetometer.MagnetometerDevice;

/** Orrery's device kinds, by the {@code <sensor type>} Gazebo gives them. */
public final class BuiltinDevices implements DeviceKinds {

    /** The one instance: the kinds hold no state. */
    public static final BuiltinDevices KINDS = new BuiltinDevices();

    private BuiltinDevices() {}

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return switch (mount.sensor().type()) {
            case "imu" -> new ImuDevice(mount, context);
            case "contact" -> new ContactDevice(mount, context);
            case "lidar", "gpu_lidar", "ray", "gpu_ray" -> new LidarDevice(mount, context);
            case "altimeter" -> new AltimeterDevice(mount, context);
            case "magnetometer" -> new MagnetometerDevice(mount, context);
            default -> null; // reported as not simulated when the world was read
        };
    }
}
