package io.orrery.device.contact;

import com.google.auto.service.AutoService;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import java.util.List;
import java.util.Set;

/** Declares {@link ContactDevice}: sensors of type {@code contact}, fed in Gazebo by {@code gz-sim-contact-system}. */
@AutoService(DeviceDescriptor.class)
public final class ContactDeviceDescriptor implements DeviceDescriptor {

    @Override
    public String name() {
        return "contact";
    }

    @Override
    public Set<String> sensorTypes() {
        return Set.of("contact");
    }

    @Override
    public List<String> gazeboSystems() {
        return List.of("contact");
    }

    @Override
    public Device create(Mount mount, DeviceContext context) {
        return new ContactDevice(mount, context);
    }
}
