package io.orrery.system.trajectoryfollower;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.BoolProtos;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.plugin.PluginState;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PostUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim has no integration test of its TrajectoryFollower; these test its documented behaviour over its example
 * world {@code trajectory_follower.sdf} (vendored in {@code worlds/gz-sim-examples}): three 1 kg boxes pushed by 10 N
 * and turned by 10 N·m, {@code box} looping between the waypoints (2, 0) and (7, 0), {@code box_2} and {@code box_3}
 * along 5 m lines from where they start, turned by their start's yaw of ±90°. A waypoint counts as visited when the
 * link comes within the world's {@code range_tolerance} (0.5 m, Gazebo's default) of it.
 */
class TrajectoryFollowerSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-examples/trajectory_follower.sdf");
    static final double RANGE = 0.5;
    static final Vec3 A = new Vec3(2, 0, 0);
    static final Vec3 B = new Vec3(7, 0, 0);

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** Each step's position of each box's link. */
    static final class Track implements PostUpdate {
        final Map<String, List<Vec3>> positions = new HashMap<>();

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (info.paused()) {
                return;
            }
            for (String model : List.of("box", "box_2", "box_3")) {
                LinkState link = world.model(model).orElseThrow().links().get(0);
                positions
                        .computeIfAbsent(model, k -> Collections.synchronizedList(new ArrayList<>()))
                        .add(link.pose().position());
            }
        }

        List<Vec3> of(String model) {
            return List.copyOf(positions.get(model));
        }

        /** The waypoints of {@code points} the model came within range of, in order, a repeat of the last left out. */
        List<Vec3> visits(String model, List<Vec3> points) {
            List<Vec3> visits = new ArrayList<>();
            for (Vec3 p : of(model)) {
                for (Vec3 w : points) {
                    if (planar(p, w) <= RANGE
                            && (visits.isEmpty()
                                    || !visits.get(visits.size() - 1).equals(w))) {
                        visits.add(w);
                    }
                }
            }
            return visits;
        }
    }

    static double planar(Vec3 p, Vec3 w) {
        return Math.hypot(p.x() - w.x(), p.y() - w.y());
    }

    @Test
    void loopsBetweenItsWaypointsInOrder() throws Exception {
        Track track = new Track();
        sim.system(track);
        sim.startPaused(WORLD);
        sim.step(40_000);
        // it starts on (2, 0), goes to (7, 0), and with <loop> comes back and goes out again
        assertThat(track.visits("box", List.of(A, B))).startsWith(A, B, A, B);
    }

    @Test
    void withoutLoopStaysWithItsLastWaypoint() throws Exception {
        Track track = new Track();
        sim.system(track);
        sim.startPaused(sim.withReplaced(WORLD, "<loop>true</loop>", "<loop>false</loop>"));
        sim.step(40_000);
        // (2, 0) is dropped once reached; (7, 0) is kept, so the box never heads back to (2, 0)
        assertThat(track.visits("box", List.of(A, B))).containsExactly(A, B);
    }

    @Test
    void linesRunFromTheStartAlongItsHeading() throws Exception {
        Track track = new Track();
        sim.system(track);
        sim.startPaused(WORLD);
        sim.step(10_000);
        // box_2 starts at (0, 2) facing +y and box_3 at (0, -2) facing -y: 5 m along x in their own frames
        assertThat(track.visits("box_2", List.of(new Vec3(0, 7, 0)))).isNotEmpty();
        assertThat(track.visits("box_3", List.of(new Vec3(0, -7, 0)))).isNotEmpty();
        // turned by the start's yaw, not along the world's x
        assertThat(track.visits("box_2", List.of(new Vec3(5, 2, 0)))).isEmpty();
    }

    @Test
    void aCircleIsEightPointsAboutTheStart() throws Exception {
        Track track = new Track();
        sim.system(track);
        sim.startPaused(sim.withReplaced(
                WORLD,
                "<waypoints>\n          <waypoint>2 0</waypoint>\n          <waypoint>7 0</waypoint>\n        </waypoints>",
                "<circle><radius>3</radius></circle>"));
        sim.step(40_000);
        // about box's start (2, 0), counter-clockwise from +x: (5, 0), (2 + 3/√2, 3/√2), (2, 3), ...
        List<Vec3> circle = new ArrayList<>();
        for (int i = 0; i < Route.CIRCLE_SAMPLES; i++) {
            double angle = 2 * Math.PI * i / Route.CIRCLE_SAMPLES;
            circle.add(new Vec3(2 + 3 * Math.cos(angle), 3 * Math.sin(angle), 0));
        }
        assertThat(track.visits("box", circle)).startsWith(circle.get(0), circle.get(1), circle.get(2));
    }

    @Test
    void pausedOverItsTopicItPushesNoMore() throws Exception {
        Track track = new Track();
        sim.system(track);
        sim.startPaused(WORLD);
        sim.step(1_500);
        Vec3 moving = last(track.of("box"));
        assertThat(moving.x()).as("pushed toward (7, 0) first").isGreaterThan(A.x() + RANGE);
        sim.publish("/model/box/trajectory_follower/pause", paused(true));
        // friction (0.7 of 9.8 N, more than 0 once the 10 N push stops) brings it to rest well within 2 s
        sim.step(2_000);
        Vec3 rest = last(track.of("box"));
        sim.step(2_000);
        assertThat(planar(last(track.of("box")), rest)).isLessThan(1e-3);
        assertThat(rest.x()).as("stopped short of (7, 0)").isLessThan(B.x() - RANGE);

        sim.publish("/model/box/trajectory_follower/pause", paused(false));
        sim.step(3_000);
        assertThat(track.visits("box", List.of(B))).containsExactly(B);
    }

    @Test
    void aMissingLinkFailsThePluginNamingIt() throws Exception {
        sim.startPaused(sim.withReplaced(WORLD, "<link_name>box_link</link_name>", "<link_name>nope</link_name>"));
        assertThat(sim.runner().reads().pluginStatuses())
                .filteredOn(s -> s.filename().equals("gz-sim-trajectory-follower-system"))
                .hasSize(3)
                .allSatisfy(s -> {
                    assertThat(s.state()).isEqualTo(PluginState.FAILED);
                    assertThat(s.error().orElseThrow()).contains("link 'nope' was not found in model");
                });
    }

    static Vec3 last(List<Vec3> positions) {
        return positions.get(positions.size() - 1);
    }

    static BoolProtos.Boolean paused(boolean on) {
        return BoolProtos.Boolean.newBuilder().setData(on).build();
    }
}
