package io.orrery.device.navsat;

import com.gz.msgs.NavSatProtos.NavSat;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.world.SphericalCoordinates;
import io.orrery.world.Vec3;
import io.orrery.world.Wgs84;

/**
 * A {@code navsat} sensor, as gz-sim's NavSat system with gz-sensors' NavSatSensor: publishes gz.msgs.NavSat on
 * {@code .../navsat}, the sensor's latitude, longitude and altitude on the WGS84 ellipsoid from the world's
 * {@code <spherical_coordinates>} (SDF's defaults without), and its velocity in east, north and up, with
 * {@code <navsat><position_sensing|velocity_sensing><horizontal|vertical><noise>} (horizontal position noise in
 * metres on the ground, before the conversion to degrees). Its frame id is the sensor's scoped name.
 */
public final class NavSatDevice extends Device {

    private final Publisher<NavSat> publisher;
    private final Wgs84 earth;
    private final Noise horizontalPosition;
    private final Noise verticalPosition;
    private final Noise horizontalVelocity;
    private final Noise verticalVelocity;

    public NavSatDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.earth = new Wgs84(context.world().sphericalCoordinates().orElse(SphericalCoordinates.DEFAULT));
        this.horizontalPosition =
                noise(element("navsat", "position_sensing", "horizontal"), "position_sensing/horizontal");
        this.verticalPosition = noise(element("navsat", "position_sensing", "vertical"), "position_sensing/vertical");
        this.horizontalVelocity =
                noise(element("navsat", "velocity_sensing", "horizontal"), "velocity_sensing/horizontal");
        this.verticalVelocity = noise(element("navsat", "velocity_sensing", "vertical"), "velocity_sensing/vertical");
        this.publisher = advertise(NavSat.class);
    }

    @Override
    public String topic() {
        return mount().topic("navsat");
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Vec3 at = mount().worldPose(link.pose()).position();
        // horizontal position noise is in metres on the ground, as gz-sensors adds it before converting
        Vec3 noisy = new Vec3(horizontalPosition.apply(at.x()), horizontalPosition.apply(at.y()), at.z());
        double[] geodetic = earth.geodetic(noisy);
        Vec3 velocity = earth.enu(pointVelocity(link, at));
        publisher.publish(NavSat.newBuilder()
                .setHeader(header(info))
                .setFrameId(mount().scopedName())
                .setLatitudeDeg(geodetic[0])
                .setLongitudeDeg(geodetic[1])
                .setAltitude(verticalPosition.apply(geodetic[2]))
                .setVelocityEast(horizontalVelocity.apply(velocity.x()))
                .setVelocityNorth(horizontalVelocity.apply(velocity.y()))
                .setVelocityUp(verticalVelocity.apply(velocity.z()))
                .build());
    }
}
