package io.orrery.device.navsat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.NavSatProtos.NavSat;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.SphericalCoordinates;
import io.orrery.world.Vec3;
import io.orrery.world.Wgs84;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The navsat sensor over gz-sim's {@code navsat.sdf} (vendored in {@code worlds/gz-sim-tests}), with the numbers of
 * gz-sim's navsat_system.cc: a 0.1 kg box at the origin of a world placed at 22.9° S, 43.2° W falls for 300
 * iterations; at least 10 messages, the last one at the origin's latitude and longitude (EXPECT_DOUBLE_EQ: 4 units in
 * the last place), no east or north velocity, below the ellipsoid and going down.
 */
class NavSatSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/navsat.sdf");
    static final String TOPIC = "/world/navsat_sensor/model/navsat_model/link/link/sensor/navsat_sensor/navsat";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void gzSimsNavSatWorldReportsTheFallingBoxAtTheWorldsOrigin() throws Exception {
        assertThat(Files.isRegularFile(WORLD))
                .as("vendored gz-sim test world " + WORLD)
                .isTrue();
        sim.startPaused(WORLD);
        List<NavSat> messages = sim.collect(TOPIC, NavSat.class);

        sim.step(300);

        assertThat(messages).hasSizeGreaterThanOrEqualTo(10);
        NavSat last = messages.get(messages.size() - 1);
        assertThat(last.getFrameId()).isEqualTo("navsat_model::link::navsat_sensor");
        assertThat(last.getLatitudeDeg()).isCloseTo(-22.9, within(4 * Math.ulp(22.9)));
        assertThat(last.getLongitudeDeg()).isCloseTo(-43.2, within(4 * Math.ulp(43.2)));
        assertThat(last.getVelocityEast()).isEqualTo(0.0);
        assertThat(last.getVelocityNorth()).isEqualTo(0.0);
        assertThat(last.getAltitude()).isNegative();
        assertThat(last.getVelocityUp()).isNegative();
    }

    /**
     * Away from the origin the ellipsoid is exact, not a tangent plane: 1 km north of the equator turns the normal by
     * 1000 / M, M = a(1 - e²) the WGS84 meridian radius of curvature there (to 1e-9°, 0.1 mm), and 1 km east on the
     * ground rises 78.4 mm above the ellipsoid (1000² / 2a, the curvature, to 0.01 mm).
     */
    @Test
    void theEllipsoidIsFollowedExactly() {
        Wgs84 earth = new Wgs84(SphericalCoordinates.DEFAULT);
        double f = 1 / 298.257223563;
        double meridian = 6_378_137.0 * (1 - f * (2 - f));
        double[] north = earth.geodetic(new Vec3(0, 1000, 0));
        assertThat(north[0]).isCloseTo(Math.toDegrees(1000 / meridian), within(1e-9));
        double[] east = earth.geodetic(new Vec3(1000, 0, 0));
        assertThat(east[1]).isCloseTo(Math.toDegrees(Math.atan(1000 / 6_378_137.0)), within(1e-12));
        assertThat(east[2]).isCloseTo(1000.0 * 1000 / 2 / 6_378_137, within(1e-5));
        // a heading of 90° turns the world's x axis from east to south
        double[] south = new Wgs84(new SphericalCoordinates(0, 0, 0, 90)).geodetic(new Vec3(1000, 0, 0));
        assertThat(south[0]).isCloseTo(-Math.toDegrees(1000 / meridian), within(1e-9));
    }
}
