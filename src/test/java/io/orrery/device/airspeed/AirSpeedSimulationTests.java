package io.orrery.device.airspeed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.AirSpeedProtos.AirSpeed;
import io.orrery.physics.Twist;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PreUpdate;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The air speed sensor over gz-sim's {@code air_speed.sdf} (vendored in {@code worlds/gz-sim-tests}), as gz-sim's
 * {@code air_speed_system.cc} runs it: 100 iterations, a message on the sensor's default topic stamped within the first
 * second, a differential pressure of exactly 0 for the static model. The sensor stands 3.05 m up.
 *
 * <p>gz-sim's test expects a temperature of exactly 288.15f K (288.14999389648438), the value at height 0: as with
 * the air pressure sensor, its system reads the sensor entity's WorldPose, which gz-sim leaves empty. Orrery computes
 * at the sensor's height, in single precision as gz-sensors does; at height 0 the same formula gives Gazebo's figure
 * exactly, and a sensor moving along its x axis through still air reads gz-sensors' pitot pressure.
 */
class AirSpeedSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/air_speed.sdf");
    static final String TOPIC =
            "/world/air_speed_sensor/model/air_speed_model/link/link/sensor/air_speed_sensor/air_speed";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** gz-sensors' temperature at a height, in its single-precision arithmetic. */
    static float temperature(double z) {
        return 288.15f - 0.0065f * (float) z;
    }

    @Test
    void gzSimsAirSpeedWorldPublishesZeroPressureAndTheTemperatureAtTheSensor() throws Exception {
        sim.startPaused(WORLD);
        List<AirSpeed> messages = sim.collect(TOPIC, AirSpeed.class);
        sim.step(100);
        assertThat(messages).isNotEmpty();
        AirSpeed first = messages.get(0);
        assertThat(first.hasHeader()).isTrue();
        assertThat(first.getHeader().hasStamp()).isTrue();
        assertThat(first.getHeader().getStamp().getSec()).isZero();
        assertThat(first.getHeader().getStamp().getNsec()).isPositive();
        assertThat(first.getDiffPressure()).isEqualTo(0.0);
        // the physics keeps poses in float32: 3.05 m to ~2e-7 m, the temperature to ~1.3e-9 K, below a float's step
        assertThat(first.getTemperature()).isEqualTo((double) temperature(3.05));
        assertThat((double) temperature(0)).isEqualTo(288.14999389648438);
        // 30 Hz over 0.1 s of sim time
        assertThat(messages).hasSizeBetween(3, 4);
    }

    /** A sensor carried at 10 m/s along its x axis (the model's yaw of 3.14 turned round) reads the pitot pressure. */
    @Test
    void aMovingSensorReadsThePitotPressure() throws Exception {
        Path world = sim.withReplaced(
                sim.withReplaced(WORLD, "<static>true</static>", "<static>false</static>"),
                "<pose>4 0 3.0 0 0.0 3.14</pose>",
                "<pose>4 0 3.0 0 0.0 0</pose>");
        // the model is carried at 10 m/s along x: its velocity set before every step
        sim.system((PreUpdate) (info, physics) ->
                physics.setModelVelocity("air_speed_model", new Twist(new Vec3(10, 0, 0), Vec3.ZERO)));
        sim.startPaused(world);
        List<AirSpeed> messages = sim.collect(TOPIC, AirSpeed.class);
        sim.step(1);
        assertThat(messages).isNotEmpty();
        AirSpeed m = messages.get(0);
        float t = (float) m.getTemperature();
        float density = 1.225f / (float) Math.pow(288.15f / t, 4.256f);
        // 0.005 ρ v² (in hPa, ×100 as gz-sensors scales it) at v = 10 m/s; gravity acts along z, not x. The engine
        // keeps the velocity in float32 (10 m/s to 1e-6 m/s), which moves the pressure by ~1.2e-3 of a unit: 1e-2
        assertThat(m.getDiffPressure()).isCloseTo(0.005 * density * 10 * 10 * 100, within(1e-2));
    }
}
