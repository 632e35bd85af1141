package io.orrery.system.mecanumdrive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.ModelTrace;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gz-sim's {@code test/integration/mecanum_drive_system.cc} re-expressed over its own worlds (vendored in
 * {@code worlds/gz-sim-tests}), with its numbers and tolerances, on the default engine. The vehicle's sphere wheels
 * have μ = 1 along {@code fdir1} (±45° in the chassis frame, {@code gz:expressed_in="chassis"}) and μ2 = 0 across it:
 * without anisotropic friction it could not move sideways at all. Pose comparisons use gz-math's {@code ==}, equal to
 * within 1e-3 in each component.
 */
class MecanumDriveSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");
    /** gz-math's {@code Vector3::operator==} and {@code Quaternion::operator==} tolerance. */
    static final double GZ_MATH_EQUAL = 1e-3;

    static final String CMD_VEL = "/model/vehicle_blue/cmd_vel";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    static Path world(String file) {
        Path world = WORLDS.resolve(file);
        assertThat(world).as("gz-sim's test world").exists();
        return world;
    }

    /** The .cc's eleven commands: none, the four directions, the four diagonals, and both turns. */
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of(0., 0., 0.),
                Arguments.of(+1., 0., 0.),
                Arguments.of(-1., 0., 0.),
                Arguments.of(0., +1., 0.),
                Arguments.of(0., -1., 0.),
                Arguments.of(+1., +1., 0.),
                Arguments.of(+1., -1., 0.),
                Arguments.of(-1., +1., 0.),
                Arguments.of(-1., -1., 0.),
                Arguments.of(0., 0., +0.1),
                Arguments.of(0., 0., -0.1));
    }

    @ParameterizedTest(name = "PublishCmd forward {0}, left {1}, yaw {2}")
    @MethodSource("commands")
    void publishCmd(double forward, double left, double yaw) throws Exception {
        publishCmd(
                "mecanum_drive.sdf", "/model/vehicle_blue/cmd_vel", "/model/vehicle_blue/odometry", forward, left, yaw);
    }

    @ParameterizedTest(name = "PublishCmdCustomTopics forward {0}, left {1}, yaw {2}")
    @MethodSource("commands")
    void publishCmdCustomTopics(double forward, double left, double yaw) throws Exception {
        publishCmd("mecanum_drive_custom_topics.sdf", "/model/foo/cmdvel", "/model/bar/odom", forward, left, yaw);
    }

    /** The .cc's TestPublishCmd: still for 1000 steps, then 3000 steps commanded (limited to 0.5 m/s, 1 m/s²). */
    void publishCmd(String file, String cmdTopic, String odomTopic, double forward, double left, double yaw)
            throws Exception {
        ModelTrace trace = ModelTrace.on(sim, "vehicle_blue");
        sim.startPaused(world(file));
        sim.step(1000);
        List<Pose> poses = trace.poses();
        assertThat(poses).hasSize(1000);
        for (Pose pose : poses) {
            assertSamePose(pose, poses.get(0));
        }

        List<Odometry> odom = sim.collect(odomTopic, Odometry.class);
        sim.publish(cmdTopic, twist(forward, left, yaw));
        sim.step(3000);
        poses = trace.poses();
        assertThat(poses).hasSize(4000);
        assertThat(odom).hasSize(150);
        double period = 1.0 / 50;
        for (int i = 0; i < odom.size(); i++) {
            assertThat(Messages.nanos(odom.get(i).getHeader().getStamp()) * 1e-9)
                    .as("odometry %d's stamp", i)
                    .isCloseTo(1.0 + period * (i + 1), within(1e-9));
        }

        Pose first = poses.get(0);
        Pose last = poses.get(3999);
        Vec3 motion = last.position().minus(first.position());
        double turned =
                last.rotation().toEuler().z() - first.rotation().toEuler().z();
        if (Math.abs(forward) > 0 || Math.abs(left) > 0) {
            Vec3 commanded = new Vec3(forward, left, 0).normalized();
            Vec3 direction = new Vec3(motion.x(), motion.y(), 0).normalized();
            assertThat(direction.length()).as("is there motion?").isGreaterThan(0.5);
            assertThat(commanded.dot(direction))
                    .as("is it in the right direction?")
                    .isGreaterThan(0.9);
            double t = 3.0;
            double v = last.position().minus(first.position()).length() / t;
            double a = v / t;
            double factor = Math.hypot(forward, left);
            assertThat(v).isLessThan(0.5 * factor).isGreaterThan(-0.5 * factor);
            assertThat(a).isLessThan(1.0 * factor).isGreaterThan(-1.0 * factor);
        }
        if (Math.abs(yaw) > 0) {
            assertThat(yaw * turned).as("turned the commanded way").isGreaterThan(0);
        }

        // odometry is of the point between the wheels: moved into the model frame, as the .cc does
        Pose odomToModel = Pose.translation(-0.2, 0, 0);
        Pose finalOdom = odomToModel
                .compose(Messages.toPose(odom.get(odom.size() - 1).getPose()))
                .compose(odomToModel.inverse());
        Pose odomFirst = Messages.toPose(odom.get(0).getPose());
        assertThat(poses.get(1020).x()).isCloseTo(odomFirst.x(), within(1e-2));
        assertThat(poses.get(1020).y()).isCloseTo(odomFirst.y(), within(1e-2));
        assertThat(last.x()).isCloseTo(finalOdom.x(), within(1e-2));
        assertThat(last.y()).isCloseTo(finalOdom.y(), within(1e-2));
    }

    @Test
    void odomFrameId() throws Exception {
        odomFrames("mecanum_drive.sdf", "vehicle_blue/odom", "vehicle_blue/chassis");
    }

    @Test
    void odomCustomFrameId() throws Exception {
        odomFrames("mecanum_drive_custom_frame_id.sdf", "odom", "base_footprint");
    }

    /** The .cc's OdomFrameId and OdomCustomFrameId: 100 steps at 50 Hz give 5 messages with these frames. */
    void odomFrames(String file, String frame, String child) throws Exception {
        sim.startPaused(world(file));
        List<Odometry> odom = sim.collect("/model/vehicle_blue/odometry", Odometry.class);
        sim.publish("/model/vehicle_blue/cmd_vel", twist(0.5, 0, 0.2));
        sim.step(100);
        assertThat(odom).hasSize(5);
        for (Odometry o : odom) {
            assertThat(o.getHeader().getDataList())
                    .extracting(h -> h.getKey() + "=" + h.getValue(0))
                    .containsExactly("frame_id=" + frame, "child_frame_id=" + child);
        }
    }

    /** The .cc's Pose_VFrameId, Pose_VCustomFrameId and Pose_VCustomTfTopic: the tf pose carries the frames. */
    @Test
    void poseVFrameId() throws Exception {
        tfFrames("mecanum_drive.sdf", "/model/vehicle_blue/tf", CMD_VEL, "vehicle_blue/odom", "vehicle_blue/chassis");
    }

    @Test
    void poseVCustomFrameId() throws Exception {
        tfFrames("mecanum_drive_custom_frame_id.sdf", "/model/vehicle_blue/tf", CMD_VEL, "odom", "base_footprint");
    }

    @Test
    void poseVCustomTfTopic() throws Exception {
        // the .cc commands /model/vehicle_blue/cmd_vel, which nothing hears in this world (Gazebo drops it; Orrery
        // refuses a message to a topic nobody subscribes): the world's own topic instead, the frames are the same
        tfFrames(
                "mecanum_drive_custom_tf_topic.sdf",
                "/tf_foo",
                "/model/foo/cmdvel",
                "vehicle_blue/odom",
                "vehicle_blue/chassis");
    }

    /** 100 steps at 50 Hz: 5 poses. */
    void tfFrames(String file, String tfTopic, String cmdTopic, String frame, String child) throws Exception {
        sim.startPaused(world(file));
        List<Pose_V> tf = sim.collect(tfTopic, Pose_V.class);
        sim.publish(cmdTopic, twist(0.5, 0, 0.2));
        sim.step(100);
        assertThat(tf).hasSize(5);
        for (Pose_V p : tf) {
            assertThat(p.getPose(0).getHeader().getDataList())
                    .extracting(h -> h.getKey() + "=" + h.getValue(0))
                    .containsExactly("frame_id=" + frame, "child_frame_id=" + child);
        }
    }

    /** gz-math's {@code Pose3 ==}: each component of the position and of the quaternion within 1e-3. */
    static void assertSamePose(Pose actual, Pose expected) {
        double[] a = {
            actual.x(),
            actual.y(),
            actual.z(),
            actual.rotation().w(),
            actual.rotation().x(),
            actual.rotation().y(),
            actual.rotation().z()
        };
        double[] e = {
            expected.x(),
            expected.y(),
            expected.z(),
            expected.rotation().w(),
            expected.rotation().x(),
            expected.rotation().y(),
            expected.rotation().z()
        };
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i]).as("%s against %s", actual, expected).isCloseTo(e[i], within(GZ_MATH_EQUAL));
        }
    }

    static Twist twist(double forward, double left, double yaw) {
        return Twist.newBuilder()
                .setLinear(Messages.vector(forward, left, 0))
                .setAngular(Messages.vector(0, 0, yaw))
                .build();
    }
}
