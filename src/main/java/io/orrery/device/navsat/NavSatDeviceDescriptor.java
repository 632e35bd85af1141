package io.orrery.device.navsat;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/** Declares {@link NavSatDevice}: sensors of type {@code navsat}, fed in Gazebo by {@code gz-sim-navsat-system}. */
@AutoService(DeviceDescriptor.class)
public final class NavSatDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "navsat";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("navsat");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("navsat");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new NavSatDevice(mount, context);
    }
}
