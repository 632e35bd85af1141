package io.orrery.system.posepublisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.PoseVProtos.Pose_V;
import io.orrery.physics.ModelState;
import io.orrery.system.GazeboSystemRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Gazebo's pose_publisher.sdf: a double pendulum on a base, its link poses published every step. */
class PosePublisherSimulationTests {

    static final String MODEL = "double_pendulum_with_base";
    static final String TOPIC = "/model/" + MODEL + "/pose";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void everyStepEachLinkPoseInTheModelFrameAsOneMessage() throws Exception {
        sim.startPaused(GazeboSystemRunner.gzWorld("pose_publisher.sdf"));
        List<Pose> received = Collections.synchronizedList(new ArrayList<>());
        sim.runner().topics().bus().orElseThrow().subscribe(TOPIC, Pose.class, "test", received::add);
        sim.step(499);
        received.clear();
        sim.step(1); // the pendulum has swung for half a second

        ModelState truth = sim.model(MODEL);
        assertThat(received)
                .extracting(Pose::getName)
                .containsExactly(MODEL + "::base", MODEL + "::upper_link", MODEL + "::lower_link");
        for (Pose p : received) {
            String link = p.getName().substring(MODEL.length() + 2);
            io.orrery.world.Pose expected = truth.pose()
                    .inverse()
                    .compose(truth.link(link).orElseThrow().pose());
            // The message is computed from the same state the snapshot holds: equal to rounding.
            assertThat(p.getPosition().getX()).isCloseTo(expected.x(), within(1e-9));
            assertThat(p.getPosition().getY()).isCloseTo(expected.y(), within(1e-9));
            assertThat(p.getPosition().getZ()).isCloseTo(expected.z(), within(1e-9));
            assertThat(p.getOrientation().getW()).isCloseTo(expected.rotation().w(), within(1e-9));
            assertThat(p.getOrientation().getX()).isCloseTo(expected.rotation().x(), within(1e-9));
            assertThat(frames(p.getHeader())).containsExactly("frame_id=" + MODEL, "child_frame_id=" + p.getName());
            assertThat(p.getHeader().getStamp().getNsec()).isEqualTo(500_000_000);
        }
        // The upper link has swung away from where the file put it (0 0 2.1, roll -1.5708): the poses are live.
        Pose upper = received.get(1);
        assertThat(upper.getPosition().getZ()).isCloseTo(2.1, within(0.01));
        assertThat(new io.orrery.world.Quat(
                                upper.getOrientation().getW(),
                                upper.getOrientation().getX(),
                                upper.getOrientation().getY(),
                                upper.getOrientation().getZ())
                        .toEuler()
                        .x())
                .isNotCloseTo(-1.5708, within(0.01));
    }

    @Test
    void aPoseVectorWithTheFixedPosesOnTheStaticTopic() throws Exception {
        Path world = sim.withInserted(
                GazeboSystemRunner.gzWorld("pose_publisher.sdf"),
                "<publish_link_pose>",
                "<use_pose_vector_msg>true</use_pose_vector_msg><static_publisher>true</static_publisher>"
                        + "<publish_model_pose>true</publish_model_pose><update_frequency>100</update_frequency>"
                        + "<static_update_frequency>10</static_update_frequency>");
        sim.startPaused(world);
        List<Pose_V> moving = Collections.synchronizedList(new ArrayList<>());
        List<Pose_V> fixed = Collections.synchronizedList(new ArrayList<>());
        sim.runner().topics().bus().orElseThrow().subscribe(TOPIC, Pose_V.class, "test", moving::add);
        sim.runner().topics().bus().orElseThrow().subscribe(TOPIC + "_static", Pose_V.class, "test", fixed::add);
        sim.step(1000);

        // 1 s at 100 Hz and 10 Hz: as in Gazebo, each time a whole period of sim time has passed since the last (or 0).
        assertThat(moving).hasSize(100);
        assertThat(fixed).hasSize(10);
        assertThat(moving.get(0).getPoseList())
                .extracting(Pose::getName)
                .containsExactly(MODEL + "::upper_link", MODEL + "::lower_link");
        assertThat(fixed.get(0).getPoseList()).extracting(Pose::getName).containsExactly(MODEL, MODEL + "::base");
        Pose model = fixed.get(fixed.size() - 1).getPose(0);
        assertThat(frames(model.getHeader())).containsExactly("frame_id=pose_publisher", "child_frame_id=" + MODEL);
    }

    static List<String> frames(Header header) {
        return header.getDataList().stream()
                .map(e -> e.getKey() + "=" + e.getValue(0))
                .toList();
    }
}
