package io.orrery.system.odometrypublisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.physics.ModelState;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.msgs.Odometry;
import io.orrery.topic.msgs.Pose_V;
import io.orrery.topic.msgs.Twist;
import io.orrery.topic.msgs.Vector3d;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** OdometryPublisher on a box driven by VelocityControl (velocity_control.sdf: no gravity, no contact). */
class OdometryPublisherSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/velocity_control.sdf");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void theTruePoseAndBodyFrameVelocitiesAtTheConfiguredRate() throws Exception {
        sim.startPaused(WORLD);
        sim.publish("/model/box/cmd_vel", new Twist(null, new Vector3d(1, 0, 0), new Vector3d(0, 0, 0.5)));
        sim.step(1500); // 100 Hz: the last message is stamped 1.5 s, as this pose

        ModelState box = sim.model("box");
        Odometry odom = sim.latest("/model/box/odometry", Odometry.class);
        assertThat(odom.header().stamp().sec()).isEqualTo(1);
        assertThat(odom.header().stamp().nsec()).isEqualTo(500_000_000);
        assertThat(odom.header().data()).extracting(h -> h.key() + "=" + h.value().get(0))
                .containsExactly("frame_id=box/odom", "child_frame_id=box/base_footprint");
        // Ground truth: the pose is the model's, in the world frame (2D: z is left at 0).
        assertThat(odom.pose().position().x()).isCloseTo(box.pose().x(), within(1e-12));
        assertThat(odom.pose().position().y()).isCloseTo(box.pose().y(), within(1e-12));
        assertThat(odom.pose().position().z()).isZero();
        assertThat(odom.pose().orientation().z()).isCloseTo(box.pose().rotation().z(), within(1e-12));
        // Velocities are one-step differences in the body frame: a chord of the circle seen from its end is
        // turned by wΔt/2 = 2.5e-4 rad, so linear.y reads -1 m/s × 2.5e-4; 1e-3 allows for float poses.
        assertThat(odom.twist().linear().x()).isCloseTo(1, within(1e-3));
        assertThat(odom.twist().linear().y()).isCloseTo(0, within(1e-3));
        assertThat(odom.twist().angular().z()).isCloseTo(0.5, within(1e-3));

        Pose_V tf = sim.latest("/model/box/pose", Pose_V.class);
        assertThat(tf.pose()).singleElement().satisfies(p -> {
            assertThat(p.position()).isEqualTo(odom.pose().position());
            assertThat(p.header()).isEqualTo(odom.header());
        });
    }
}
