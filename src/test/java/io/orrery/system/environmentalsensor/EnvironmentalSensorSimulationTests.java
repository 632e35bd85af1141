package io.orrery.system.environmentalsensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DoubleProtos;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.system.GazeboSystemRunner;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/environmental_sensor_system.cc} re-expressed over its own world,
 * {@code environmental_sensor.sdf.in} (vendored in {@code worlds/gz-sim-tests}, its {@code @CMAKE_SOURCE_DIR@}
 * replaced as CMake configures it), on the default engine, for the .cc's 1,000 steps of 1 ms. Its CSV makes the
 * humidity equal to the time for the first second everywhere in the cube it covers, so each humidity message's value
 * is its stamp (1e-9); the wind is 1 m/s along world x, which the 2-D sensor reports as is (1e-6) and the 3-D one, in
 * the frame of a box turned 1.57 rad in yaw, as (0, -1, 0) (1e-3, as the .cc: cos 1.57 is not quite 0).
 */
class EnvironmentalSensorSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");
    static final String HUMIDITY = "/world/environmental_sensor_test/model/model_with_sensor/link/link/sensor/"
            + "custom_sensor/environmental_sensor/humidity";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void canPreload() throws Exception {
        sim.startPaused(sim.withReplaced(
                WORLDS.resolve("environmental_sensor.sdf.in"),
                "@CMAKE_SOURCE_DIR@/test/worlds/",
                WORLDS.toAbsolutePath() + "/"));
        List<DoubleProtos.Double> humidity = sim.collect(HUMIDITY, DoubleProtos.Double.class);
        List<Vector3d> wind2d = sim.collect("/wind_speed2d", Vector3d.class);
        List<Vector3d> wind3d = sim.collect("/wind_speed3d", Vector3d.class);

        sim.step(1000);

        assertThat(humidity).isNotEmpty();
        for (DoubleProtos.Double m : humidity) {
            double time =
                    m.getHeader().getStamp().getSec() + m.getHeader().getStamp().getNsec() * 1e-9;
            assertThat(m.getData()).isCloseTo(time, within(1e-9));
        }
        // 30 Hz as devices sample: the first at the first step, then one each 1/30 s up to and including t = 1 s
        assertThat(humidity).hasSize(31);
        assertThat(wind2d).isNotEmpty();
        for (Vector3d v : wind2d) {
            assertThat(v.getX()).isCloseTo(1, within(1e-6));
            assertThat(v.getY()).isCloseTo(0, within(1e-6));
            assertThat(v.getZ()).isCloseTo(0, within(1e-6));
        }
        assertThat(wind3d).isNotEmpty();
        for (Vector3d v : wind3d) {
            assertThat(v.getX()).isCloseTo(0, within(1e-3));
            assertThat(v.getY()).isCloseTo(-1, within(1e-3));
            assertThat(v.getZ()).isCloseTo(0, within(1e-3));
        }
    }
}
