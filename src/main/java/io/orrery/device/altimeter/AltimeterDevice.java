package io.orrery.device.altimeter;

import com.gz.msgs.AltimeterProtos.Altimeter;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * An {@code altimeter} sensor, as gz-sim's Altimeter system with gz-sensors' AltimeterSensor: publishes
 * gz.msgs.Altimeter on {@code .../altimeter}. The vertical reference is the sensor's world height as loaded (again
 * after a reset); the position is the height above it and the velocity the sensor point's vertical velocity. Noise:
 * {@code <altimeter><vertical_position|vertical_velocity><noise>}.
 */
public final class AltimeterDevice extends Device {

    private final Publisher<Altimeter> publisher;
    private final Noise position;
    private final Noise velocity;
    private double reference = Double.NaN;

    public AltimeterDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.position = noise(element("altimeter", "vertical_position"), "vertical_position");
        this.velocity = noise(element("altimeter", "vertical_velocity"), "vertical_velocity");
        this.publisher = advertise(Altimeter.class);
    }

    @Override
    public String topic() {
        return mount().topic("altimeter");
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Vec3 at = mount().worldPose(link.pose()).position();
        if (Double.isNaN(reference)) {
            reference = at.z();
        }
        publisher.publish(Altimeter.newBuilder()
                .setHeader(header(info))
                .setVerticalPosition(position.apply(at.z() - reference))
                .setVerticalVelocity(velocity.apply(pointVelocity(link, at).z()))
                .setVerticalReference(reference)
                .build());
    }

    @Override
    protected void restart(WorldView world, Optional<LinkState> link) {
        reference = link.map(l -> mount().worldPose(l.pose()).position().z()).orElse(Double.NaN);
    }
}
