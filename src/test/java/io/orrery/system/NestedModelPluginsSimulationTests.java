package io.orrery.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.ModelProtos.Model;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.physics.LinkState;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Plugins of a nested model are bound to that model, as Gazebo attaches a system to the model that declares it:
 * gz-sim's {@code diff_drive_nested.sdf} (vendored in {@code worlds/gz-sim-tests}) puts a DiffDrive and a
 * JointStatePublisher in {@code vehicle::vehicle_nested}. gz-sim's joint_state_publisher_system.cc
 * (NestedJointPublisher) runs 10 iterations and expects, on the nested model's scoped topic, exactly the nested model's
 * three joints under their own names in every message, and at least one message.
 */
class NestedModelPluginsSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/diff_drive_nested.sdf");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    private static Path world() {
        assertThat(Files.isRegularFile(WORLD))
                .as("vendored gz-sim test world " + WORLD)
                .isTrue();
        return WORLD;
    }

    @Test
    void aNestedJointStatePublisherPublishesTheNestedModelsJointsOnItsScopedTopic() throws Exception {
        sim.startPaused(world());
        List<Model> nested =
                sim.collect("/world/diff_drive_nested/model/vehicle/model/vehicle_nested/joint_state", Model.class);
        List<Model> outer = sim.collect("/world/diff_drive_nested/model/vehicle/joint_state", Model.class);

        sim.step(10);

        assertThat(nested).isNotEmpty();
        assertThat(nested)
                .allSatisfy(m -> assertThat(m.getJointList())
                        .extracting(j -> j.getName())
                        .containsExactlyInAnyOrder("left_wheel_joint", "right_wheel_joint", "caster_wheel"));
        assertThat(nested.get(0).getName()).isEqualTo("vehicle_nested");
        assertThat(outer).as("nothing publishes for the outer model").isEmpty();
    }

    /**
     * The nested DiffDrive finds its joints and listens on {@code /model/vehicle_nested/cmd_vel} (Gazebo's default
     * under the declaring model's name). Driven straight, the chassis and the odometry agree to gz-sim's 1e-2 m
     * (diff_drive_system.cc compares poses and odometry to that tolerance).
     */
    @Test
    void aNestedDiffDriveDrivesTheNestedModelsWheels() throws Exception {
        sim.startPaused(world());
        Vec3 start = chassis();
        List<Odometry> odometry = sim.collect("/model/vehicle_nested/odometry", Odometry.class);
        sim.publish(
                "/model/vehicle_nested/cmd_vel",
                Twist.newBuilder().setLinear(Messages.vector(0.5, 0, 0)).build());

        sim.step(2000);

        Vec3 moved = chassis().minus(start);
        assertThat(odometry).isNotEmpty();
        double odomX = odometry.get(odometry.size() - 1).getPose().getPosition().getX();
        // 0.5 m/s reached after a 0.5 s ramp at 1 m/s²: 0.875 m in 2 s if the wheels do not slip
        assertThat(moved.x()).isGreaterThan(0.5);
        assertThat(moved.x()).isCloseTo(odomX, within(1e-2));
    }

    private Vec3 chassis() {
        return sim.model("vehicle")
                .link("vehicle_nested::chassis")
                .map(LinkState::pose)
                .orElseThrow(() -> new AssertionError("no link vehicle_nested::chassis"))
                .position();
    }
}
