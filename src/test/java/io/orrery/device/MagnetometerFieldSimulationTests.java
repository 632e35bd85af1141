package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.MagnetometerProtos.Magnetometer;
import io.orrery.physics.Physics;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A magnetometer reads the world's own {@code <magnetic_field>} in its frame (worlds/conformance/magnetometer.sdf, from
 * gz-sim's magnetometer test world: a field of 0.94 0.76 -0.12 T, the sensor turned 3.14 + π/2 rad about Z). It read
 * SDF's default field, some 5e-5 T, whatever the world set.
 */
class MagnetometerFieldSimulationTests {

    private static final String TOPIC =
            "/world/magnetometer_sensor/model/magnetometer_model/link/link/sensor/magnetometer_sensor/magnetometer";

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aRotatedMagnetometerReadsTheWorldsFieldInItsFrame(Physics physics) {
        try (DeviceFixture f = DeviceFixture.load("conformance/magnetometer", 7, physics.create())) {
            List<Magnetometer> readings = f.record(TOPIC, Magnetometer.class);
            f.step(300); // 10 Hz: samples at 0.1, 0.2 and 0.3 s; the box falls without turning
            assertThat(readings).isNotEmpty();
            Vec3 expected = Quat.fromEuler(0, 0, 3.14 + 1.570796327).conjugate().rotate(new Vec3(0.94, 0.76, -0.12));
            for (Magnetometer m : readings) {
                // the link's orientation is held in float32 (6e-8 rad) and the field is 1.2 T: 1e-6 T covers it
                assertThat(m.getFieldTesla().getX()).isCloseTo(expected.x(), within(1e-6));
                assertThat(m.getFieldTesla().getY()).isCloseTo(expected.y(), within(1e-6));
                assertThat(m.getFieldTesla().getZ()).isCloseTo(expected.z(), within(1e-6));
            }
        }
    }
}
