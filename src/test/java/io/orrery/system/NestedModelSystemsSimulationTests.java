package io.orrery.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.BoolProtos;
import com.gz.msgs.DoubleProtos;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.EntityWrenchProtos.EntityWrench;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.WrenchProtos.Wrench;
import io.orrery.physics.LinkState;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gazebo's systems in nested models, bound to the model that declares them (as {@link
 * NestedModelPluginsSimulationTests} shows for DiffDrive and JointStatePublisher): each names the nested model's
 * links and joints as written there, and its default topics after the nested model. gz-sim's own nested case
 * (pose_publisher_system.cc's NestedModelLoadPlugin over its {@code nested_model.sdf}) is re-expressed with its
 * numbers; the vendored AckermannSteering and KineticEnergyMonitor worlds are re-run with their model put inside an
 * outer model; the rest run on {@code worlds/nested_systems.sdf} and {@code worlds/nested_touch.sdf}.
 */
class NestedModelSystemsSimulationTests {

    static final Path GZ_TESTS = Path.of("src/test/resources/worlds/gz-sim-tests");
    static final Path SYSTEMS = Path.of("src/test/resources/worlds/nested_systems.sdf");
    static final Path TOUCH = Path.of("src/test/resources/worlds/nested_touch.sdf");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    private static Path world(Path file) {
        assertThat(Files.isRegularFile(file)).as("test world " + file).isTrue();
        return file;
    }

    /** {@code world} with {@code model} (the last model before {@code </world>}) put inside a model {@code outer}. */
    private Path nested(Path world, String model, String outer) {
        Path wrapped = sim.withInserted(world(world), model, "<model name=\"" + outer + "\">");
        return sim.withInserted(wrapped, "</world>", "</model>");
    }

    /**
     * pose_publisher_system.cc, NestedModelLoadPlugin: a PosePublisher in {@code model_00::model_01} that publishes
     * only the nested model's pose is heard on {@code /model/model_00/model/model_01/pose} within 1,000 iterations,
     * and every message is the nested model's, {@code model_00::model_01}, at (1, 0, 0) in its parent's frame
     * (gz-math's {@code Pose3d ==}: 1e-6 per component). Both links fall freely together, so the pose holds.
     */
    @Test
    void aNestedPosePublisherPublishesTheNestedModelsPoseOnItsScopedTopic() throws Exception {
        sim.startPaused(world(GZ_TESTS.resolve("nested_model.sdf")));
        List<PoseProtos.Pose> poses = sim.collect("/model/model_00/model/model_01/pose", PoseProtos.Pose.class);
        List<PoseProtos.Pose> outer = sim.collect("/model/model_00/pose", PoseProtos.Pose.class);

        sim.step(1000);

        assertThat(poses).isNotEmpty();
        for (PoseProtos.Pose msg : poses) {
            assertThat(msg.getHeader().getDataCount()).isGreaterThan(1);
            assertThat(msg.getHeader().getData(1).getValue(0)).isEqualTo("model_00::model_01");
            assertThat(msg.getHeader().getData(0).getValue(0)).isEqualTo("model_00");
            Pose p = Messages.toPose(msg);
            assertThat(p.x()).isCloseTo(1, within(1e-6));
            assertThat(p.y()).isCloseTo(0, within(1e-6));
            assertThat(p.z()).isCloseTo(0, within(1e-6));
            assertThat(p.rotation().w()).isCloseTo(1, within(1e-6));
        }
        assertThat(outer).as("nothing publishes for the outer model").isEmpty();
    }

    /**
     * ackermann_steering_system.cc's TestPublishCmd with its vehicle nested in {@code outer}: the system finds the
     * nested model's joints and listens on {@code /model/vehicle/cmd_vel}. Asked for 10.5 m/s and 0.1 rad/s for 3,000
     * steps (limited to 0.5 m/s), the chassis moves forward and to the left, the odometry comes at 50 Hz (150
     * messages) and ends within the .cc's 0.25 m of the chassis (moved into the model frame as in
     * AckermannSteeringSimulationTests).
     */
    @Test
    void aNestedAckermannSteeringDrivesTheNestedModelsJoints() throws Exception {
        sim.startPaused(nested(GZ_TESTS.resolve("ackermann_steering.sdf"), "<model name='vehicle'>", "outer"));
        sim.step(1000);
        Pose first = chassis();
        List<Odometry> odom = sim.collect("/model/vehicle/odometry", Odometry.class);
        sim.publish(
                "/model/vehicle/cmd_vel",
                Twist.newBuilder()
                        .setLinear(Messages.vector(10.5, 0, 0))
                        .setAngular(Messages.vector(0, 0, 0.1))
                        .build());

        sim.step(3000);

        Pose last = chassis();
        assertThat(last.x()).isGreaterThan(first.x());
        assertThat(last.y()).isGreaterThan(first.y());
        assertThat(odom).hasSize(150);
        // the chassis link sits at (-0.151427, 0, 0.175) in the vehicle, which stands 0.325 m up; odometry is of the
        // point between the rear wheels on the ground, 0.1 m behind the vehicle's origin
        Pose chassisInOdom = Pose.translation(0.1, 0, 0.325).compose(Pose.translation(-0.151427, 0, 0.175));
        Pose expected = Messages.toPose(odom.get(odom.size() - 1).getPose()).compose(chassisInOdom);
        assertThat(last.x()).isCloseTo(expected.x(), within(0.25));
        assertThat(last.y()).isCloseTo(expected.y(), within(0.25));
    }

    private Pose chassis() {
        return sim.model("outer")
                .link("vehicle::chassis")
                .map(LinkState::pose)
                .orElseThrow(() -> new AssertionError("no link vehicle::chassis"));
    }

    /**
     * kinetic_energy_monitor_system.cc's ModelFalling with its model nested in {@code outer}: the monitor finds the
     * nested model's {@code link} and publishes on {@code /model/altimeter_model/kinetic_energy} exactly one drop, the
     * impact, above the 2 J threshold and at most m g h. On JBullet, as KineticEnergyMonitorSimulationTests runs it
     * (native Bullet spreads the impact over two steps).
     */
    @Test
    void aNestedKineticEnergyMonitorWatchesTheNestedModelsLink() throws Exception {
        sim.engine(new JBulletPhysicsEngine());
        sim.startPaused(nested(GZ_TESTS.resolve("altimeter.sdf"), "<model name=\"altimeter_model\">", "outer"));
        List<DoubleProtos.Double> messages =
                sim.collect("/model/altimeter_model/kinetic_energy", DoubleProtos.Double.class);

        sim.step(1000);

        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).getData()).isGreaterThan(2);
        assertThat(messages.get(0).getData()).isLessThanOrEqualTo(0.1 * 9.8 * 3.0);
    }

    /**
     * The rover's VelocityControl takes {@code /model/rover/cmd_vel} in the rover's frame, a quarter turn from the
     * carrier's: 1 m/s along the rover's x moves the rigid pair 1 m along the world's y in 1 s, not along x. Its
     * OdometryPublisher reports the rover's own pose (its body's, less the body's 0.5 m offset in the rover) under the
     * rover's frames. No gravity and no contact: the 1e-3 allows for float poses, as in
     * OdometryPublisherSimulationTests.
     */
    @Test
    void aNestedVelocityControlAndOdometryPublisherAreTheNestedModels() throws Exception {
        sim.startPaused(world(SYSTEMS));
        Vec3 start = body().position();
        sim.publish(
                "/model/rover/cmd_vel",
                Twist.newBuilder().setLinear(Messages.vector(1, 0, 0)).build());

        sim.step(1001); // the command is taken up in the first step's PostUpdate and moves the body from the second

        Pose body = body();
        Vec3 moved = body.position().minus(start);
        assertThat(moved.x()).isCloseTo(0, within(1e-3));
        assertThat(moved.y()).isCloseTo(1, within(1e-3));
        assertThat(moved.z()).isCloseTo(0, within(1e-3));

        Odometry odom = sim.latest("/model/rover/odometry", Odometry.class);
        assertThat(odom.getHeader().getDataList())
                .extracting(h -> h.getKey() + "=" + h.getValue(0))
                .containsExactly("frame_id=rover/odom", "child_frame_id=rover/base_footprint");
        Pose rover = body.compose(Pose.translation(0.5, 0, 0).inverse());
        // the last message is the 1.0 s one (100 Hz); the body moved a further 1 mm in the step after it
        assertThat(odom.getPose().getPosition().getX()).isCloseTo(rover.x(), within(1e-3));
        assertThat(odom.getPose().getPosition().getY()).isCloseTo(rover.y() - 0.001, within(1e-3));
        assertThat(odom.getPose().getPosition().getZ()).isCloseTo(rover.z(), within(1e-3));
        // the rover's frame is the carrier's turned a quarter turn about z: yaw π/2
        Quat q = Messages.toPose(odom.getPose()).rotation();
        assertThat(Math.atan2(2 * (q.w() * q.z() + q.x() * q.y()), 1 - 2 * (q.y() * q.y() + q.z() * q.z())))
                .isCloseTo(Math.PI / 2, within(1e-3));
        assertThat(odom.getTwist().getLinear().getX()).isCloseTo(1, within(1e-3));
        assertThat(sim.hasMessage("/model/carrier/odometry")).isFalse();
    }

    private Pose body() {
        return sim.model("carrier")
                .link("rover::body")
                .map(LinkState::pose)
                .orElseThrow(() -> new AssertionError("no link rover::body"));
    }

    /**
     * ApplyLinkWrench finds a nested model by its scoped name, {@code floater::pod}, as Gazebo's
     * {@code entityFromMsg} does, and pushes its canonical link: 1 N for 1 s on the 1 kg shell gives 1 m/s, while
     * the floater's own hull (not joined to it) stays at rest.
     */
    @Test
    void applyLinkWrenchPushesANestedModelByItsScopedName() throws Exception {
        sim.startPaused(world(SYSTEMS));
        sim.publish(
                "/world/nested_systems/wrench/persistent",
                EntityWrench.newBuilder()
                        .setEntity(Entity.newBuilder().setName("floater::pod").setType(Entity.Type.MODEL))
                        .setWrench(Wrench.newBuilder().setForce(Messages.vector(1, 0, 0)))
                        .build());

        sim.step(1001); // the wrench is taken up before the second step

        LinkState shell = sim.model("floater").link("pod::shell").orElseThrow();
        LinkState hull = sim.model("floater").link("hull").orElseThrow();
        // v = F t / m = 1 m/s after 1,000 steps of 1 ms; 1e-3 allows for one step more or less
        assertThat(shell.velocity().linear().x()).isCloseTo(1, within(1e-3));
        assertThat(hull.velocity().linear().length()).isCloseTo(0, within(1e-9));
    }

    /**
     * A TouchPlugin counts the declaring model's own links, as Gazebo's takes the collisions of that model's links:
     * the stack's base and the foot's pad rest on the ground, so the stack's and the foot's plugins publish on their
     * default namespaces ({@code /model/stack/touch}, {@code /model/stack/model/foot/touch}) after 0.05 s of touch;
     * the mast's tip is 2 m up, so the mast's plugin never does, though its top-level model touches.
     */
    @Test
    void aNestedTouchPluginWatchesTheNestedModelsOwnLinks() throws Exception {
        sim.startPaused(world(TOUCH));
        List<BoolProtos.Boolean> stack = sim.collect("/model/stack/touch/touched", BoolProtos.Boolean.class);
        List<BoolProtos.Boolean> foot = sim.collect("/model/stack/model/foot/touch/touched", BoolProtos.Boolean.class);
        List<BoolProtos.Boolean> mast = sim.collect("/model/stack/model/mast/touch/touched", BoolProtos.Boolean.class);

        sim.step(1000);

        assertThat(stack).hasSize(1);
        assertThat(foot).hasSize(1);
        assertThat(mast).isEmpty();
    }
}
