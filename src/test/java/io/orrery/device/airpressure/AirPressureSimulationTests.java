package io.orrery.device.airpressure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.FluidPressureProtos.FluidPressure;
import io.orrery.system.GazeboSystemRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The air pressure sensor over gz-sim's {@code air_pressure.sdf} (vendored in {@code worlds/gz-sim-tests}), as
 * gz-sim's air_pressure_system.cc runs it: 100 iterations, a message on the sensor's default topic stamped within the
 * first second, variance 0 for its zero-stddev noise. The model stands static with the sensor 3.05 m up and
 * {@code <reference_altitude>} 123 m.
 *
 * <p>gz-sim's test expects exactly 101325 Pa, sea level: its AirPressure system reads the sensor entity's WorldPose,
 * which nothing fills, and gz-sensors never reads {@code <reference_altitude>}, so Gazebo computes at height 0. Orrery
 * computes at the altitude the world gives (126.05 m); the formula is checked on its own against the standard
 * atmosphere's table, and at height 0 it gives Gazebo's 101325 Pa exactly.
 */
class AirPressureSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/air_pressure.sdf");
    static final String TOPIC =
            "/world/air_pressure_sensor/model/air_pressure_model/link/link/sensor/air_pressure_sensor/air_pressure";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void gzSimsAirPressureWorldPublishesTheStandardAtmosphereAtTheSensorsAltitude() throws Exception {
        assertThat(Files.isRegularFile(WORLD))
                .as("vendored gz-sim test world " + WORLD)
                .isTrue();
        sim.startPaused(WORLD);
        List<FluidPressure> messages = sim.collect(TOPIC, FluidPressure.class);

        sim.step(100);

        assertThat(messages).isNotEmpty();
        FluidPressure first = messages.get(0);
        assertThat(first.hasHeader()).isTrue();
        assertThat(first.getHeader().getStamp().getSec()).isZero();
        assertThat(first.getHeader().getStamp().getNsec()).isPositive();
        assertThat(first.getVariance()).isEqualTo(0.0);
        // 123 m reference + 3.05 m in the world; the static model does not move, so every sample is the same. The
        // physics keeps poses in float32 (3.05 m to ~2e-7 m) and the pressure falls 12 Pa/m here: 1e-5 Pa
        assertThat(first.getPressure()).isCloseTo(StandardAtmosphere.pressure(126.05), within(1e-5));
        assertThat(messages).allSatisfy(m -> assertThat(m.getPressure()).isEqualTo(first.getPressure()));
        // 30 Hz over 0.1 s of sim time: samples at 0, 1/30, 2/30 and 3/30 s (the first at the first step)
        assertThat(messages).hasSizeBetween(3, 4);
    }

    /** The ISA table (ICAO Doc 7488): 89 874.6 Pa at 1 000 m and 22 632.1 Pa at 11 000 m geopotential height. */
    @Test
    void thePressureFollowsTheStandardAtmospheresTable() {
        double earth = 6_356_766.0;
        assertThat(StandardAtmosphere.pressure(0)).isEqualTo(101_325.0);
        // the table gives 0.1 Pa; geometric heights of those geopotential heights
        assertThat(StandardAtmosphere.pressure(earth * 1000 / (earth - 1000))).isCloseTo(89_874.6, within(0.1));
        assertThat(StandardAtmosphere.pressure(earth * 11_000 / (earth - 11_000)))
                .isCloseTo(22_632.1, within(0.1));
    }
}
