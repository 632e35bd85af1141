package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.AltimeterProtos.Altimeter;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.IMUProtos.IMU;
import com.gz.msgs.LaserScanProtos.LaserScan;
import com.gz.msgs.MagnetometerProtos.Magnetometer;
import com.gz.msgs.TimeProtos.Time;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.sdf.GzSimWorlds;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Gazebo's sensor worlds through the runner: their devices publish, and a reset serves nothing from before it. */
class SensorWorldsTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    private static Path world(String name) {
        return GzSimWorlds.folder().resolve(name);
    }

    @Test
    void sensorsSdfPublishesImuAltimeterAndMagnetometer() throws Exception {
        SimulationRunner runner = fixture.startPaused(world("sensors.sdf"));
        runner.control().step(100).get(20, TimeUnit.SECONDS);
        TopicBus bus = runner.topics().bus().orElseThrow();
        IMU imu = (IMU) bus.latest("/imu").orElseThrow().message();
        // the box falls from 3 m: in free fall the IMU reads about nothing
        assertThat(imu.getLinearAcceleration().getZ()).isCloseTo(0, within(0.01));
        Altimeter altimeter = (Altimeter) bus.latest("/altimeter").orElseThrow().message();
        assertThat(altimeter.getVerticalReference()).isCloseTo(3.05, within(1e-6));
        assertThat(((Magnetometer) bus.latest("/magnetometer").orElseThrow().message())
                        .getFieldTesla()
                        .getZ())
                .isCloseTo(-42.3884e-6, within(0.5)); // noise of stddev 0.1 T, as the world asks
    }

    @Test
    void cpuLidarSensorSdfPublishes640Ranges() throws Exception {
        SimulationRunner runner = fixture.startPaused(world("cpu_lidar_sensor.sdf"));
        runner.control().step(1).get(20, TimeUnit.SECONDS);
        LaserScan scan = (LaserScan) runner.topics()
                .bus()
                .orElseThrow()
                .latest("/cpu_lidar")
                .orElseThrow()
                .message();
        assertThat(scan.getRangesList()).hasSize(640);
        // straight ahead (the middle ray, 0.005 rad off) is box_front's face at x = 2.5; the sensor is at x = 0.05
        assertThat(scan.getRanges(320)).isCloseTo(2.45, within(1e-3));
        assertThat(scan.getRangesList()).contains(Double.POSITIVE_INFINITY);
    }

    @Test
    void touchPluginSdfTellsThatTheWhiteBoxTouchedTheGreenOne() throws Exception {
        SimulationRunner runner = fixture.startPaused(world("touch_plugin.sdf"));
        TopicBus bus = runner.topics().bus().orElseThrow();
        runner.control().step(3000).get(60, TimeUnit.SECONDS);
        assertThat(bus.latest("/white_touches_only_green/touched"))
                .as("not yet 3 s of touching")
                .isEmpty();
        runner.control().step(3000).get(60, TimeUnit.SECONDS);
        TopicMessage touched = bus.latest("/white_touches_only_green/touched").orElseThrow();
        assertThat(((BoolProtos.Boolean) touched.message()).getData()).isTrue();
        assertThat(bus.latest("/world/touch/model/white_box/link/link/sensor/white_box_sensor/contact"))
                .isPresent();
    }

    @Test
    void aResetServesNoSampleTakenBeforeIt() throws Exception {
        SimulationRunner runner = fixture.startPaused(world("sensors.sdf"));
        runner.control().step(500).get(20, TimeUnit.SECONDS);
        TopicBus bus = runner.topics().bus().orElseThrow();
        assertThat(bus.latest("/imu")).isPresent();
        runner.control().reset().get(20, TimeUnit.SECONDS);
        assertThat(bus.latest("/imu")).isEmpty();
        assertThat(bus.latest("/altimeter")).isEmpty();
        runner.control().step(10).get(20, TimeUnit.SECONDS);
        Time stamp =
                ((IMU) bus.latest("/imu").orElseThrow().message()).getHeader().getStamp();
        assertThat(Messages.nanos(stamp)).isEqualTo(10_000_000L);
    }
}
