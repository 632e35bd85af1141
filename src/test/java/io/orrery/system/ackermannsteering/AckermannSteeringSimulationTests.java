package io.orrery.system.ackermannsteering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.ActuatorsProtos.Actuators;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.ModelTrace;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/ackermann_steering_system.cc} re-expressed over its own worlds (vendored in
 * {@code worlds/gz-sim-tests}), with its numbers and tolerances, on the default engine. Its {@code tol} is
 * {@code 10e-4}; its pose comparisons use gz-math's {@code ==}, equal to within 1e-3 in each component.
 */
class AckermannSteeringSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");
    /** The .cc file's {@code tol}. */
    static final double TOL = 10e-4;
    /** gz-math's {@code Vector3::operator==} and {@code Quaternion::operator==} tolerance. */
    static final double GZ_MATH_EQUAL = 1e-3;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    static Path world(String file) {
        Path world = WORLDS.resolve(file);
        assertThat(world).as("gz-sim's test world").exists();
        return world;
    }

    @Test
    void publishCmd() throws Exception {
        publishCmd("ackermann_steering.sdf", "/model/vehicle/cmd_vel", "/model/vehicle/odometry");
    }

    @Test
    void publishCmdCustomTopics() throws Exception {
        publishCmd("ackermann_steering_custom_topics.sdf", "/model/foo/cmdvel", "/model/bar/odom");
    }

    /** The .cc's TestPublishCmd: still for 1000 steps, then 3000 steps asked for 10.5 m/s and 0.1 rad/s. */
    void publishCmd(String file, String cmdTopic, String odomTopic) throws Exception {
        ModelTrace trace = ModelTrace.on(sim, "vehicle");
        sim.startPaused(world(file));
        sim.step(1000);
        List<Pose> poses = trace.poses();
        assertThat(poses).hasSize(1000);
        for (Pose pose : poses) {
            assertSamePose(pose, poses.get(0));
        }

        List<Odometry> odom = sim.collect(odomTopic, Odometry.class);
        sim.publish(cmdTopic, twist(10.5, 0.1));
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
        System.out.printf("ackermann %s: from %s to %s%n", file, first, last);
        assertThat(first.x()).isLessThan(last.x());
        assertThat(first.y()).isLessThan(last.y());
        assertThat(last.z()).isCloseTo(first.z(), within(TOL));
        assertThat(last.rotation().x()).isCloseTo(first.rotation().x(), within(TOL));
        assertThat(last.rotation().y()).isCloseTo(first.rotation().y(), within(TOL));
        assertThat(first.rotation().z()).isLessThan(last.rotation().z());

        Pose odomFirst = Messages.toPose(odom.get(0).getPose());
        assertThat(poses.get(1020).x()).isCloseTo(odomFirst.x(), within(1e-2));
        assertThat(poses.get(1020).y()).isCloseTo(odomFirst.y(), within(1e-2));
        // odometry is of the point between the rear wheels on the ground: moved into the model frame
        Pose odomToModel = Pose.translation(-0.1, 0, -0.325);
        Pose finalOdom = odomToModel
                .compose(Messages.toPose(odom.get(odom.size() - 1).getPose()))
                .compose(odomToModel.inverse());
        System.out.printf("ackermann %s: odometry says %s%n", file, finalOdom);
        assertThat(last.x()).isCloseTo(finalOdom.x(), within(0.25));
        assertThat(last.y()).isCloseTo(finalOdom.y(), within(0.25));

        double t = 3.0;
        double v = last.position().minus(poses.get(1000).position()).length() / t;
        assertThat(v).isLessThan(0.5);
        assertThat(v / t).isLessThan(1);
    }

    @Test
    void skidPublishCmd() throws Exception {
        ModelTrace trace = ModelTrace.on(sim, "vehicle");
        sim.startPaused(world("ackermann_steering_slow_odom.sdf"));
        sim.step(1000);
        List<Pose> still = trace.poses();
        still.forEach(p -> assertSamePose(p, still.get(0)));

        List<Odometry> odom = sim.collect("/model/vehicle/odometry", Odometry.class);
        sim.publish("/model/vehicle/cmd_vel", twist(0.5, 0.2));
        sim.step(3000);
        List<Pose> poses = trace.poses();
        assertThat(poses).hasSize(4000);
        assertThat(odom).hasSize(3);
        for (int i = 0; i < odom.size(); i++) {
            assertThat(Messages.nanos(odom.get(i).getHeader().getStamp()) * 1e-9)
                    .isCloseTo(2.0 + i, within(1e-9));
        }
        Pose first = poses.get(0);
        Pose last = poses.get(3999);
        assertThat(first.x()).isLessThan(last.x());
        assertThat(first.y()).isLessThan(last.y());
        assertThat(last.z()).isCloseTo(first.z(), within(TOL));
        assertThat(last.rotation().x()).isCloseTo(first.rotation().x(), within(TOL));
        assertThat(last.rotation().y()).isCloseTo(first.rotation().y(), within(TOL));
        assertThat(first.rotation().z()).isLessThan(last.rotation().z());
    }

    @Test
    void tfPublishes() throws Exception {
        sim.startPaused(world("ackermann_steering_slow_odom.sdf"));
        sim.step(1000);
        List<Odometry> odom = sim.collect("/model/vehicle/odometry", Odometry.class);
        List<Pose_V> tf = sim.collect("/model/vehicle/tf", Pose_V.class);
        sim.publish("/model/vehicle/cmd_vel", twist(0.5, 0.2));
        sim.step(3000);
        assertThat(odom).hasSize(3);
        assertThat(tf).hasSameSizeAs(odom);
        for (int i = 0; i < odom.size(); i++) {
            assertThat(Messages.nanos(tf.get(i).getPose(0).getHeader().getStamp()) * 1e-9)
                    .isCloseTo(2.0 + i, within(1e-9));
            assertThat(tf.get(i).getPose(0).getPosition())
                    .isEqualTo(odom.get(i).getPose().getPosition());
            assertThat(tf.get(i).getPose(0).getOrientation())
                    .isEqualTo(odom.get(i).getPose().getOrientation());
        }
    }

    @Test
    void odomFrameId() throws Exception {
        odomFrames("ackermann_steering.sdf", "vehicle/odom", "vehicle/chassis");
    }

    @Test
    void odomCustomFrameId() throws Exception {
        odomFrames("ackermann_steering_custom_frame_id.sdf", "odom", "base_footprint");
    }

    void odomFrames(String file, String frame, String child) throws Exception {
        sim.startPaused(world(file));
        List<Odometry> odom = sim.collect("/model/vehicle/odometry", Odometry.class);
        sim.publish("/model/vehicle/cmd_vel", twist(0.5, 0.2));
        sim.step(100);
        assertThat(odom).hasSize(5);
        for (Odometry o : odom) {
            assertThat(o.getHeader().getDataList())
                    .extracting(h -> h.getKey() + "=" + h.getValue(0))
                    .containsExactly("frame_id=" + frame, "child_frame_id=" + child);
        }
    }

    /**
     * The .cc's steering-only tests publish an angle and assert nothing; here the angle is held: with
     * {@code steer_p_gain} 10 each steering joint closes its error at 10 per second, so after 2 s it is within
     * e^-20 of Ackermann's angles for 0.25 rad (wheel base 1, separation 1.25), less what the joint's servo and
     * its 1 rad/s velocity limit leave: 1e-3 allowed, gz-math's equality.
     */
    @Test
    void steerPublishCmd() throws Exception {
        sim.startPaused(world("ackermann_steering_only.sdf"));
        sim.publish(
                "/model/vehicle/steer_angle",
                com.gz.msgs.DoubleProtos.Double.newBuilder().setData(0.25).build());
        sim.step(2000);
        assertSteeredTo(0.25);
    }

    @Test
    void steerPublishActuatorsCmd() throws Exception {
        sim.startPaused(world("ackermann_steering_only_actuators.sdf"));
        sim.publish("/actuators", Actuators.newBuilder().addPosition(0.25).build());
        sim.step(2000);
        assertSteeredTo(0.25);
    }

    void assertSteeredTo(double angle) {
        double base = 1.0;
        double separation = 1.25;
        double rise = 2 * base * Math.sin(angle);
        double along = 2 * base * Math.cos(angle);
        double across = separation * Math.sin(angle);
        double left = sim.model("vehicle").joints().stream()
                .filter(j -> j.name().equals("front_left_wheel_steering_joint"))
                .findFirst()
                .orElseThrow()
                .position();
        double right = sim.model("vehicle").joints().stream()
                .filter(j -> j.name().equals("front_right_wheel_steering_joint"))
                .findFirst()
                .orElseThrow()
                .position();
        assertThat(left).isCloseTo(Math.atan(rise / (along - across)), within(GZ_MATH_EQUAL));
        assertThat(right).isCloseTo(Math.atan(rise / (along + across)), within(GZ_MATH_EQUAL));
    }

    /** gz-math's {@code Pose3 ==}: each component of the position and of the quaternion within 1e-3. */
    static void assertSamePose(Pose actual, Pose expected) {
        double[] a = components(actual);
        double[] e = components(expected);
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i]).as("%s against %s", actual, expected).isCloseTo(e[i], within(GZ_MATH_EQUAL));
        }
    }

    static double[] components(Pose p) {
        return new double[] {
            p.x(),
            p.y(),
            p.z(),
            p.rotation().w(),
            p.rotation().x(),
            p.rotation().y(),
            p.rotation().z()
        };
    }

    static Twist twist(double linear, double angular) {
        return Twist.newBuilder()
                .setLinear(Messages.vector(linear, 0, 0))
                .setAngular(Messages.vector(0, 0, angular))
                .build();
    }
}
