package io.orrery.system.jointstatepublisher;

import static io.orrery.system.GazeboSystemRunner.gzWorld;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.ModelProtos.Model;
import io.orrery.physics.JointState;
import io.orrery.physics.Twist;
import io.orrery.runner.SimulationRunner;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PreUpdate;
import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * JointStatePublisher added to Gazebo's own example world ({@code worlds/gazebo/joint_controller.sdf}) and to a
 * universal joint's world, with real JBullet: what it publishes, against the joints' state in the snapshot.
 */
class JointStatePublisherSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void theJointStatePublisherPublishesWhatTheJointsReportStampedInSimTime() throws Exception {
        Path world = sim.withReplaced(
                gzWorld("joint_controller.sdf"),
                "<initial_velocity>5.0</initial_velocity>\n      </plugin>",
                "<initial_velocity>5.0</initial_velocity>\n      </plugin>"
                        + "<plugin filename=\"gz-sim-joint-state-publisher-system\""
                        + " name=\"gz::sim::systems::JointStatePublisher\"/>");
        SimulationRunner runner = sim.startPaused(world);
        List<Model> messages = Collections.synchronizedList(new ArrayList<>());
        runner.topics()
                .bus()
                .orElseThrow()
                .subscribe(
                        "/world/default/model/joint_controller_demo/joint_state", Model.class, "test", messages::add);

        sim.step(100);

        assertThat(messages).hasSize(100);
        Model last = messages.get(99);
        assertThat(last.getHeader().getStamp().getSec()).isZero();
        assertThat(last.getHeader().getStamp().getNsec()).isEqualTo(100_000_000);
        assertThat(last.getName()).isEqualTo("joint_controller_demo");
        assertThat(last.getJointList()).extracting(j -> j.getName()).containsExactly("world_fixed", "j1");
        JointState j1 = runner.reads()
                .snapshot()
                .model("joint_controller_demo")
                .orElseThrow()
                .joint("j1")
                .orElseThrow();
        assertThat(last.getJoint(1).getAxis1().getPosition()).isEqualTo(j1.position());
        assertThat(last.getJoint(1).getAxis1().getVelocity()).isEqualTo(j1.velocity());
        assertThat(last.getJoint(1).getAxis1().getForce()).isEqualTo(j1.effort());
        assertThat(last.getJoint(1).hasAxis2())
                .as("a revolute joint has one axis")
                .isFalse();
        assertThat(j1.velocity()).isCloseTo(5.0, within(1e-6));
    }

    /**
     * A universal joint's two angles (worlds/universal.sdf, its bob kicked about both axes) go out as gz.msgs.Joint's
     * axis1 and axis2, as gz-sim's JointStatePublisher fills them from a joint's two positions.
     */
    @Test
    void theJointStatePublisherPublishesBothAxesOfAUniversalJoint() throws Exception {
        String text = Files.readString(Path.of("src/test/resources/worlds/universal.sdf"));
        Path world = sim.write(
                "universal-" + System.nanoTime() + ".sdf",
                text.replace(
                        "</joint>",
                        "</joint><plugin filename=\"gz-sim-joint-state-publisher-system\""
                                + " name=\"gz::sim::systems::JointStatePublisher\"/>"));
        // a kick about both axes in the first step: 0.2 and 0.3 rad/s about the cross, 1 m above the bob
        boolean[] kicked = {false};
        sim.system((PreUpdate) (info, w) -> {
            if (!info.paused() && !kicked[0]) {
                kicked[0] = true;
                w.setLinkVelocity("gimbal", "bob", new Twist(new Vec3(-0.3, 0.2, 0), new Vec3(0.2, 0.3, 0)));
            }
        });
        SimulationRunner runner = sim.startPaused(world);
        List<Model> messages = Collections.synchronizedList(new ArrayList<>());
        runner.topics()
                .bus()
                .orElseThrow()
                .subscribe("/world/universal/model/gimbal/joint_state", Model.class, "test", messages::add);
        sim.step(200);

        Model last = messages.get(messages.size() - 1);
        JointState cross = runner.reads()
                .snapshot()
                .model("gimbal")
                .orElseThrow()
                .joint("cross")
                .orElseThrow();
        assertThat(cross.axis2()).isNotNull();
        assertThat(cross.position()).isNotZero();
        assertThat(cross.axis2().position()).isNotZero();
        assertThat(last.getJointCount()).isEqualTo(1);
        assertThat(last.getJoint(0).getAxis1().getPosition()).isEqualTo(cross.position());
        assertThat(last.getJoint(0).getAxis1().getVelocity()).isEqualTo(cross.velocity());
        assertThat(last.getJoint(0).hasAxis2()).isTrue();
        assertThat(last.getJoint(0).getAxis2().getPosition())
                .isEqualTo(cross.axis2().position());
        assertThat(last.getJoint(0).getAxis2().getVelocity())
                .isEqualTo(cross.axis2().velocity());
        assertThat(last.getJoint(0).getAxis2().getForce())
                .isEqualTo(cross.axis2().effort());
    }

    @Test
    void theJointStatePublisherPublishesOnlyTheNamedJointsAtItsUpdateRate() throws Exception {
        Path world = sim.withReplaced(
                gzWorld("joint_controller.sdf"),
                "<initial_velocity>5.0</initial_velocity>\n      </plugin>",
                "<initial_velocity>5.0</initial_velocity>\n      </plugin>"
                        + "<plugin filename=\"gz-sim-joint-state-publisher-system\""
                        + " name=\"gz::sim::systems::JointStatePublisher\"><topic>states</topic>"
                        + "<joint_name>j1</joint_name><update_rate>100</update_rate></plugin>");
        SimulationRunner runner = sim.startPaused(world);
        List<Model> messages = Collections.synchronizedList(new ArrayList<>());
        runner.topics().bus().orElseThrow().subscribe("/states", Model.class, "test", messages::add);

        sim.step(100);

        assertThat(messages).hasSize(10);
        assertThat(messages)
                .allSatisfy(m -> assertThat(m.getJointList())
                        .extracting(j -> j.getName())
                        .containsExactly("j1"));
        assertThat(messages.get(1).getHeader().getStamp().getNsec()).isEqualTo(11_000_000);
    }
}
