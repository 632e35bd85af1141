package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.IMUProtos.IMU;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A model spawned with sensors brings its devices; they go with it when it is removed or a reset undoes it. */
class SpawnedSensorsTests {

    private static final String PROBE = """
            <model name="probe"><pose>0 3 0.1 0 0 0</pose>
              <link name="body"><inertial><mass>1</mass></inertial>
                <collision name="c"><geometry><box><size>0.2 0.2 0.2</size></box></geometry></collision>
                <sensor name="imu" type="imu"><update_rate>100</update_rate><topic>/probe/imu</topic></sensor>
              </link>
            </model>
            """;

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void aSpawnedModelsSensorPublishesUntilTheModelIsRemoved() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        TopicBus bus = runner.topics().bus().orElseThrow();
        runner.edits()
                .spawn(RunnerFixture.READER.readModel(PROBE, "snippet"), Optional.of(PROBE))
                .get(10, TimeUnit.SECONDS);

        runner.control().step(50).get(10, TimeUnit.SECONDS);

        IMU sample = (IMU) bus.latest("/probe/imu").orElseThrow().message();
        // At 100 Hz from sim time 0 (gz-sensors' rule: the first step, then every 10 ms of sim time): the 50th step,
        // at 50 ms, is the last sample.
        assertThat(sample.getHeader().getStamp().getNsec()).isEqualTo(50_000_000);
        assertThat(bus.topic("/probe/imu"))
                .map(TopicInfo::publishers)
                .hasValueSatisfying(p -> assertThat(p).containsExactly("probe::body::imu"));

        runner.edits().remove("probe").get(10, TimeUnit.SECONDS);
        long before = bus.latest("/probe/imu").orElseThrow().sequence();
        runner.control().step(50).get(10, TimeUnit.SECONDS);

        assertThat(bus.latest("/probe/imu").orElseThrow().sequence()).isEqualTo(before);
        assertThat(bus.topic("/probe/imu"))
                .map(TopicInfo::publishers)
                .hasValueSatisfying(p -> assertThat(p).isEmpty());
    }

    @Test
    void aResetTakesASpawnedModelsSensorAwayWithIt() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        TopicBus bus = runner.topics().bus().orElseThrow();
        runner.edits()
                .spawn(RunnerFixture.READER.readModel(PROBE, "snippet"), Optional.of(PROBE))
                .get(10, TimeUnit.SECONDS);
        runner.control().step(20).get(10, TimeUnit.SECONDS);
        assertThat(bus.latest("/probe/imu")).isPresent();

        runner.control().reset().get(10, TimeUnit.SECONDS);
        runner.control().step(50).get(10, TimeUnit.SECONDS);

        assertThat(bus.latest("/probe/imu")).isEmpty();
    }
}
