package io.orrery.device.airspeed;

import com.gz.msgs.AirSpeedProtos.AirSpeed;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/**
 * An {@code air_speed} sensor, as gz-sensors' AirSpeedSensor: publishes gz.msgs.AirSpeed on {@code .../air_speed},
 * the differential pressure (hPa) of a pitot tube along the sensor's x axis, {@code sgn(v) 0.005 ρ v²} (v the
 * sensor's velocity through the air along x, ρ the standard atmosphere's density at its height), with
 * {@code <air_speed><pressure><noise>}, and the air's temperature (K) there. Computed in single precision, as
 * gz-sensors does. The air moves with the world's {@code <wind>} velocity (Gazebo's wind seed).
 */
public final class AirSpeedDevice extends Device {

    // gz-sensors' constants: home at sea level, ISA temperature, lapse rate and density at sea level
    private static final float TEMPERATURE_MSL = 288.15f; // K
    private static final float LAPSE_RATE = 0.0065f; // K/m
    private static final float AIR_DENSITY_MSL = 1.225f; // kg/m³
    private static final float DENSITY_EXPONENT = 4.256f;

    private final Publisher<AirSpeed> publisher;
    private final Noise noise;
    private final Vec3 wind;

    public AirSpeedDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.noise = noise(element("air_speed", "pressure"), "pressure");
        this.wind = context.world().wind();
        this.publisher = advertise(AirSpeed.class);
    }

    @Override
    public String topic() {
        return mount().topic("air_speed");
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Pose pose = mount().worldPose(link.pose());
        Vec3 velocity = pointVelocity(link, pose.position());
        // the air's velocity relative to the sensor, in the sensor's frame
        Vec3 relative = pose.rotation().conjugate().rotate(velocity.minus(wind));
        float altitude = (float) pose.position().z();
        float temperature = TEMPERATURE_MSL - LAPSE_RATE * altitude;
        float densityRatio = (float) Math.pow(TEMPERATURE_MSL / temperature, DENSITY_EXPONENT);
        float density = AIR_DENSITY_MSL / densityRatio;
        double vx = relative.x();
        float pressure = (float) (Math.signum(vx) * 0.005f * density * vx * vx);
        pressure = (float) noise.apply(pressure);
        publisher.publish(AirSpeed.newBuilder()
                .setHeader(header(info))
                .setDiffPressure(pressure * 100.0f)
                .setTemperature(temperature)
                .build());
    }
}
