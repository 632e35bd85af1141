package io.orrery.device.magnetometer;

import com.gz.msgs.MagnetometerProtos.Magnetometer;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Vec3;

/**
 * A {@code magnetometer} sensor, as gz-sensors' MagnetometerSensor: publishes gz.msgs.Magnetometer on
 * {@code .../magnetometer}, the world's {@code <magnetic_field>} (SDF's default when it sets none) rotated into the
 * sensor frame. Noise: {@code <magnetometer><x|y|z><noise>}.
 */
public final class MagnetometerDevice extends Device {

    /** The world's field, tesla, in the world frame. */
    private final Vec3 field;

    private final Publisher<Magnetometer> publisher;
    private final Noise[] noise = new Noise[3];

    public MagnetometerDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.field = context.world().magneticField();
        String[] axes = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            noise[i] = noise(element("magnetometer", axes[i]), axes[i]);
        }
        this.publisher = advertise(Magnetometer.class);
    }

    @Override
    public String topic() {
        return mount().topic("magnetometer");
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Vec3 f = mount().worldPose(link.pose()).rotation().conjugate().rotate(field);
        publisher.publish(Magnetometer.newBuilder()
                .setHeader(header(info))
                .setFieldTesla(
                        Messages.vector(new Vec3(noise[0].apply(f.x()), noise[1].apply(f.y()), noise[2].apply(f.z()))))
                .build());
    }
}
