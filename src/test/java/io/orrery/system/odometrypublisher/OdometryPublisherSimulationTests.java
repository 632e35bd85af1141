package io.orrery.system.odometrypublisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.physics.ModelState;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.msgs.Messages;
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
        sim.publish(
                "/model/box/cmd_vel",
                Twist.newBuilder()
                        .setLinear(Messages.vector(1, 0, 0))
                        .setAngular(Messages.vector(0, 0, 0.5))
                        .build());
        sim.step(1500); // 100 Hz: the last message is stamped 1.5 s, as this pose

        ModelState box = sim.model("box");
        Odometry odom = sim.latest("/model/box/odometry", Odometry.class);
        assertThat(odom.getHeader().getStamp().getSec()).isEqualTo(1);
        assertThat(odom.getHeader().getStamp().getNsec()).isEqualTo(500_000_000);
        assertThat(odom.getHeader().getDataList())
                .extracting(h -> h.getKey() + "=" + h.getValue(0))
                .containsExactly("frame_id=box/odom", "child_frame_id=box/base_footprint");
        // Ground truth: the pose is the model's, in the world frame (2D: z is left at 0).
        assertThat(odom.getPose().getPosition().getX()).isCloseTo(box.pose().x(), within(1e-12));
        assertThat(odom.getPose().getPosition().getY()).isCloseTo(box.pose().y(), within(1e-12));
        assertThat(odom.getPose().getPosition().getZ()).isZero();
        assertThat(odom.getPose().getOrientation().getZ())
                .isCloseTo(box.pose().rotation().z(), within(1e-12));
        // Velocities are one-step differences in the body frame: a chord of the circle seen from its end is
        // turned by wΔt/2 = 2.5e-4 rad, so linear.y reads -1 m/s × 2.5e-4; 1e-3 allows for float poses.
        assertThat(odom.getTwist().getLinear().getX()).isCloseTo(1, within(1e-3));
        assertThat(odom.getTwist().getLinear().getY()).isCloseTo(0, within(1e-3));
        assertThat(odom.getTwist().getAngular().getZ()).isCloseTo(0.5, within(1e-3));

        Pose_V tf = sim.latest("/model/box/pose", Pose_V.class);
        assertThat(tf.getPoseList()).singleElement().satisfies(p -> {
            assertThat(p.getPosition()).isEqualTo(odom.getPose().getPosition());
            assertThat(p.getHeader()).isEqualTo(odom.getHeader());
        });
    }
}
