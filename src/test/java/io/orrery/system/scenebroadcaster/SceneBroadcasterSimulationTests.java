package io.orrery.system.scenebroadcaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import io.orrery.runner.SimulationRunner;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.topic.msgs.Messages;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz sim's world topics on a real runner: built only while subscribed, the clock every iteration, the world's
 * statistics throttled to 10 a second of wall time while the root ones are not, poses of models (world frame) and
 * links (model frame) with their ids, the dynamic ones without static models.
 */
class SceneBroadcasterSimulationTests {

    static final String WORLD = """
            <sdf version="1.9"><world name="w">
              <physics name="1ms" type="ignored"><max_step_size>0.001</max_step_size></physics>
              <model name="ground"><static>true</static><link name="g"><collision name="c"><geometry>
                <plane><normal>0 0 1</normal><size>10 10</size></plane></geometry></collision></link></model>
              <model name="box"><pose>1 2 3 0 0 0</pose><link name="body"><pose>0 0 0.5 0 0 0</pose>
                <inertial><mass>1</mass></inertial><collision name="c"><geometry><box><size>0.2 0.2 0.2</size>
                </box></geometry></collision></link></model>
            </world></sdf>
            """;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void nothingIsBuiltUntilSomethingSubscribesThenTheClockComesEveryIteration() throws Exception {
        SimulationRunner runner = sim.startPaused(sim.write("w.sdf", WORLD));
        sim.step(10);
        assertThat(sim.hasMessage("/world/w/clock")).isFalse();
        assertThat(sim.hasMessage("/world/w/pose/info")).isFalse();

        TopicBus bus = runner.topics().bus().orElseThrow();
        List<Clock> clocks = new CopyOnWriteArrayList<>();
        List<Clock> root = new CopyOnWriteArrayList<>();
        bus.subscribe("/world/w/clock", Clock.class, "test", clocks::add);
        bus.subscribe("/clock", Clock.class, "test", root::add);
        sim.step(5);

        // paused cycles publish too (at the sim time paused at); every step's sim time comes exactly once
        List<Long> stepped = clocks.stream()
                .map(c -> Messages.nanos(c.getSim()))
                .filter(t -> t > 10_000_000)
                .distinct()
                .toList();
        assertThat(stepped).containsExactly(11_000_000L, 12_000_000L, 13_000_000L, 14_000_000L, 15_000_000L);
        assertThat(root.stream()
                        .map(c -> Messages.nanos(c.getSim()))
                        .filter(t -> t > 10_000_000)
                        .distinct()
                        .toList())
                .isEqualTo(stepped);
    }

    @Test
    void theWorldsStatisticsAreThrottledToTenASecondAndTheRootOnesAreNot() throws Exception {
        SimulationRunner runner = sim.startPaused(sim.write("w.sdf", WORLD));
        TopicBus bus = runner.topics().bus().orElseThrow();
        List<WorldStatistics> world = new CopyOnWriteArrayList<>();
        List<WorldStatistics> root = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();
        bus.subscribe("/world/w/stats", WorldStatistics.class, "test", world::add);
        bus.subscribe("/stats", WorldStatistics.class, "test", root::add);
        sim.step(300);
        int published = world.size();
        double seconds = (System.nanoTime() - start) / 1e9; // every one counted was published within it

        assertThat(root.stream().filter(s -> !s.getPaused()).count()).isEqualTo(300);
        // 10 a second of wall time, the first one at once
        assertThat(published)
                .isPositive()
                .isLessThanOrEqualTo((int) Math.ceil(seconds * SceneBroadcaster.STATS_HERTZ) + 1);
        WorldStatistics last = root.get(root.size() - 1);
        assertThat(last.getIterations()).isEqualTo(300);
        // gz sim's factor: this iteration's sim time over its wall time, from the messages' own times
        for (int i = 1; i < root.size(); i++) {
            WorldStatistics before = root.get(i - 1);
            WorldStatistics now = root.get(i);
            long wall = Messages.nanos(now.getRealTime()) - Messages.nanos(before.getRealTime());
            long sim = Messages.nanos(now.getSimTime()) - Messages.nanos(before.getSimTime());
            assertThat(now.getRealTimeFactor())
                    .as("iteration %d", now.getIterations())
                    .isCloseTo(wall > 0 ? (double) sim / wall : 0, within(1e-12));
        }
        assertThat(root).anySatisfy(s -> assertThat(s.getRealTimeFactor()).isPositive());
        assertThat(last.getModelCount()).isEqualTo(2);
        assertThat(Messages.nanos(last.getStepSize())).isIn(0L, 1_000_000L); // 0 in a paused cycle, as dt is
    }

    @Test
    void posesGiveModelsInTheWorldAndLinksInTheirModelWithIdsAndTheDynamicOnesLeaveStaticModelsOut() throws Exception {
        SimulationRunner runner = sim.startPaused(sim.write("w.sdf", WORLD));
        TopicBus bus = runner.topics().bus().orElseThrow();
        List<Pose_V> all = new CopyOnWriteArrayList<>();
        List<Pose_V> dynamic = new CopyOnWriteArrayList<>();
        bus.subscribe("/world/w/pose/info", Pose_V.class, "test", all::add);
        bus.subscribe("/world/w/dynamic_pose/info", Pose_V.class, "test", dynamic::add);
        sim.step(1);

        Pose_V poses = all.get(all.size() - 1);
        assertThat(poses.getPoseList())
                .extracting(Pose::getName)
                .containsExactlyInAnyOrder("ground", "g", "box", "body");
        Pose box = named(poses, "box");
        assertThat(Integer.toUnsignedLong(box.getId())).isEqualTo(EntityIds.id("box"));
        assertThat(box.getPosition().getX()).isCloseTo(1, within(1e-9));
        assertThat(box.getPosition().getY()).isCloseTo(2, within(1e-9));
        // one 1 ms step of free fall from rest: 9.8e-6 m, far inside 1e-3
        assertThat(box.getPosition().getZ()).isCloseTo(3, within(1e-3));
        Pose body = named(poses, "body");
        assertThat(Integer.toUnsignedLong(body.getId())).isEqualTo(EntityIds.id("box::body"));
        assertThat(body.getPosition().getZ()).isCloseTo(0.5, within(1e-9)); // in the model's frame, as gz sim gives it
        assertThat(dynamic.get(dynamic.size() - 1).getPoseList())
                .extracting(Pose::getName)
                .containsExactlyInAnyOrder("box", "body");
    }

    private static Pose named(Pose_V poses, String name) {
        return poses.getPoseList().stream()
                .filter(p -> p.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
