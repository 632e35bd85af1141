package io.orrery.device.airpressure;

import com.gz.msgs.FluidPressureProtos.FluidPressure;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;

/**
 * An {@code air_pressure} sensor, as gz-sensors' AirPressureSensor: publishes gz.msgs.FluidPressure on
 * {@code .../air_pressure}, the pressure of the standard atmosphere's lowest layer at the sensor's altitude
 * ({@code <air_pressure><reference_altitude>} plus its height in the world), with
 * {@code <air_pressure><pressure><noise>} and its variance.
 */
public final class AirPressureDevice extends Device {

    private final Publisher<FluidPressure> publisher;
    private final Noise noise;
    private final double referenceAltitude;

    public AirPressureDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.referenceAltitude = number(0, "air_pressure", "reference_altitude");
        this.noise = noise(element("air_pressure", "pressure"), "pressure");
        this.publisher = advertise(FluidPressure.class);
    }

    @Override
    public String topic() {
        return mount().topic("air_pressure");
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        double altitude =
                referenceAltitude + mount().worldPose(link.pose()).position().z();
        publisher.publish(FluidPressure.newBuilder()
                .setHeader(header(info))
                .setPressure(noise.apply(StandardAtmosphere.pressure(altitude)))
                .setVariance(noise.stddev() * noise.stddev())
                .build());
    }
}
