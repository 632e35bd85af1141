package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.AltimeterProtos.Altimeter;
import com.gz.msgs.ContactsProtos.Contacts;
import com.gz.msgs.IMUProtos.IMU;
import com.gz.msgs.LaserScanProtos.LaserScan;
import io.orrery.topic.msgs.Messages;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The devices of {@code devices.sdf} against real JBullet physics. */
class DevicesSimulationTests {

    private static final String RESTING = "/world/devices/model/resting/link/body/sensor/";
    private static final String FALLING = "/world/devices/model/falling/link/body/sensor/";
    private static final String LIDAR = "/world/devices/model/post/link/link/sensor/lidar/scan";

    private DeviceFixture f;

    @BeforeEach
    void load() {
        f = DeviceFixture.load("devices", 7);
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void anImuAtRestReadsGravityUpwardAndOneInFreeFallReadsAboutZero() {
        f.step(500); // the resting box settles
        List<IMU> resting = f.record(RESTING + "imu/imu", IMU.class);
        List<IMU> falling = f.record(FALLING + "imu/imu", IMU.class);
        f.step(500);
        assertThat(resting).hasSize(500); // update rate 0: every step
        double worst = resting.stream()
                .mapToDouble(m -> Math.abs(m.getLinearAcceleration().getZ() - 9.8))
                .max()
                .orElseThrow();
        // At rest JBullet's contact solver takes back each step's gravity increment of the velocity: the worst of
        // these 500 readings is 2.8e-6 m/s² off, within Gazebo's 1e-4 (its IMU test's tolerance). It was 1.4e-3
        // while JBullet pushed penetration out through the velocity (docs/physics-engines.md).
        assertThat(worst).as("worst deviation from +9.8 m/s² at rest").isLessThan(1e-4);
        double mean = resting.stream()
                .mapToDouble(m -> m.getLinearAcceleration().getZ())
                .average()
                .orElseThrow();
        assertThat(mean).isCloseTo(9.8, within(1e-4));
        assertThat(resting.get(0).getLinearAcceleration().getX()).isCloseTo(0, within(0.1));
        assertThat(resting.get(0).getOrientation().getW()).isCloseTo(1, within(1e-6));
        // free fall: the velocity changes by g·dt each step, up to JBullet's float rounding: one ulp of a velocity
        // below 16 m/s is under 2e-6 m/s, 2e-3 m/s² over a 1 ms step
        assertThat(falling)
                .allSatisfy(m -> assertThat(m.getLinearAcceleration().getZ()).isCloseTo(0, within(2e-3)));
        assertThat(falling.get(0).getEntityName()).isEqualTo("falling::body::imu");
    }

    @Test
    void aLidarMeasuresAWallAtAKnownDistanceAndRaysThatMissReadInfinity() {
        List<LaserScan> scans = f.record(LIDAR, LaserScan.class);
        f.step(1000);
        // 10 Hz as gz-sensors: the first sample at the first step (1 ms), then at 0.1 s, 0.2 s ... 1.0 s
        assertThat(scans).hasSize(11);
        LaserScan scan = scans.get(scans.size() - 1);
        assertThat(scan.getCount()).isEqualTo(3);
        assertThat(scan.getAngleStep()).isCloseTo(Math.PI / 2, within(1e-12));
        // the wall's face is at x = 4.5; JBullet casts in float, so the hit is exact to float precision
        assertThat(scan.getRanges(1)).isCloseTo(4.5, within(1e-5));
        assertThat(scan.getRanges(0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(scan.getRanges(2)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Messages.nanos(scan.getHeader().getStamp())).isEqualTo(1_000_000_000L);
    }

    @Test
    void aContactSensorReportsTheGroundUnderABoxAtRest() {
        f.step(500);
        List<Contacts> contacts = f.record(RESTING + "bumper/contact", Contacts.class);
        f.step(10);
        assertThat(contacts).hasSize(10);
        assertThat(contacts.get(9).getContactList()).singleElement().satisfies(c -> {
            assertThat(c.getCollision1().getName()).isEqualTo("resting::body::box");
            assertThat(c.getCollision2().getName()).isEqualTo("ground::link::plane");
            assertThat(c.getPositionList())
                    .isNotEmpty()
                    .allSatisfy(p -> assertThat(p.getZ()).isCloseTo(0, within(0.01)));
            assertThat(c.getNormalList()).allSatisfy(n -> assertThat(n.getZ()).isCloseTo(1, within(1e-3)));
        });
        // the falling box touches nothing: its link has no contact sensor, and nothing else publishes
        assertThat(f.bus.latest(FALLING + "bumper/contact")).isEmpty();
    }

    @Test
    void anAltimeterReadsHeightAndVerticalVelocityFromWhereItStarted() {
        List<Altimeter> falling = f.record(FALLING + "altimeter/altimeter", Altimeter.class);
        List<Altimeter> resting = f.record(RESTING + "altimeter/altimeter", Altimeter.class);
        f.step(1000);
        Altimeter last = falling.get(falling.size() - 1);
        // one second of free fall from rest, integrated by JBullet's semi-implicit Euler: v = g t, z = -g t (t + dt) /
        // 2
        assertThat(last.getVerticalReference()).isCloseTo(50, within(1e-5));
        assertThat(last.getVerticalVelocity()).isCloseTo(-9.8, within(1e-3));
        assertThat(last.getVerticalPosition()).isCloseTo(-9.8 * 1.0 * 1.001 / 2, within(1e-3));
        assertThat(resting).hasSize(101); // 100 Hz: at 1 ms, then 10 ms, 20 ms ... 1 s
        assertThat(resting.get(100).getVerticalReference()).isCloseTo(0.25, within(1e-6));
        assertThat(resting.get(100).getVerticalPosition()).isCloseTo(0, within(0.01));
    }

    @Test
    void noiseFollowsItsSettingsAndTheSameSeedRepeatsIt() {
        List<Altimeter> noisy = f.record("noisy_altimeter", Altimeter.class);
        List<Altimeter> exact = f.record(RESTING + "altimeter/altimeter", Altimeter.class);
        f.step(4000);
        double[] errors = IntStream.range(0, noisy.size())
                .mapToDouble(i -> noisy.get(i).getVerticalPosition())
                .toArray();
        // the box moves by well under 1 mm once settled, so the reading is the noise; n = 4000 samples
        double mean = java.util.Arrays.stream(errors).average().orElseThrow();
        double sd = Math.sqrt(java.util.Arrays.stream(errors)
                        .map(e -> (e - mean) * (e - mean))
                        .sum()
                / (errors.length - 1));
        // 4 standard errors: the mean within 4·0.2/√4000 = 0.013 of 0.1, the stddev within 4·0.2/√8000 = 0.009
        assertThat(mean).isCloseTo(0.1, within(0.013));
        assertThat(sd).isCloseTo(0.2, within(0.009));
        assertThat(exact).isNotEmpty();

        try (DeviceFixture same = DeviceFixture.load("devices", 7);
                DeviceFixture other = DeviceFixture.load("devices", 8)) {
            List<Altimeter> a = same.record("noisy_altimeter", Altimeter.class);
            List<Altimeter> b = other.record("noisy_altimeter", Altimeter.class);
            same.step(100);
            other.step(100);
            assertThat(a)
                    .extracting(Altimeter::getVerticalPosition)
                    .containsExactlyElementsOf(noisy.subList(0, 100).stream()
                            .map(Altimeter::getVerticalPosition)
                            .toList());
            assertThat(b.get(0).getVerticalPosition()).isNotEqualTo(a.get(0).getVerticalPosition());
        }
    }

    @Test
    void aResetStartsANewEpisodeThatRepeatsTheFirst() {
        List<Altimeter> noisy = f.record("noisy_altimeter", Altimeter.class);
        f.step(50);
        List<Double> first = noisy.stream().map(Altimeter::getVerticalPosition).toList();
        f.reset();
        assertThat(f.bus.latest("noisy_altimeter"))
                .as("nothing from before the reset is served")
                .isEmpty();
        noisy.clear();
        f.step(50);
        assertThat(noisy).extracting(Altimeter::getVerticalPosition).containsExactlyElementsOf(first);
        assertThat(noisy.get(0).getHeader().getStamp().getNsec()).isEqualTo(1_000_000);
    }
}
