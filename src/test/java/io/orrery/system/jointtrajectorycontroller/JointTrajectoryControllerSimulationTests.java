package io.orrery.system.jointtrajectorycontroller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DurationProtos.Duration;
import com.gz.msgs.FloatProtos;
import com.gz.msgs.JointTrajectoryPointProtos.JointTrajectoryPoint;
import com.gz.msgs.JointTrajectoryProtos.JointTrajectory;
import io.orrery.physics.JointState;
import io.orrery.physics.WorldView;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PostUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/joint_trajectory_controller_system.cc} re-expressed over its own world
 * ({@code joint_trajectory_controller.sdf}, vendored in {@code worlds/gz-sim-tests}) on the default engine, with its
 * trajectories, step counts and tolerance ({@code TOL}, 1e-4): two-link arms held at their initial positions for 10
 * steps, then at each point's {@code time_from_start} (1 ms steps) each joint at the point's position (the
 * position-controlled arm, its joints named out of model order) or speed (the velocity-controlled arm, on a custom
 * topic, its joints not named). The .cc subscribes to {@code ..._feedback}, a topic the system does not publish, so
 * its progress checks never run; here they run on {@code ..._progress}, which the system does publish: the share of
 * points reached, one message per point, ending at 1.
 */
class JointTrajectoryControllerSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/joint_trajectory_controller.sdf");
    static final double TOL = 1e-4;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** The .cc's PostUpdate: each joint's position or velocity after every step. */
    static final class Probe implements PostUpdate, Stateless {
        private final String model;
        private final List<String> joints;
        private final ToDoubleFunction<JointState> read;
        final double[] current;

        Probe(String model, List<String> joints, ToDoubleFunction<JointState> read) {
            this.model = model;
            this.joints = joints;
            this.read = read;
            this.current = new double[joints.size()];
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            for (int i = 0; i < joints.size(); i++) {
                String joint = joints.get(i);
                current[i] = read.applyAsDouble(world.joint(model, joint)
                        .orElseThrow(() -> new AssertionError("no joint '" + model + "::" + joint + "'")));
            }
        }
    }

    @Test
    void positionControl() throws Exception {
        List<String> joints = List.of("RR_position_control_joint1", "RR_position_control_joint2");
        long[][] times = {{0, 666_000_000}, {1, 333_000_000}, {2, 0}};
        double[][] positions = {{-0.7854, 0.7854}, {1.5708, -0.7854}, {3.1416, -1.5708}};
        Probe probe = new Probe("RR_position_control", joints, JointState::position);
        follow(probe, "/model/RR_position_control/joint_trajectory", joints, times, positions, true);
    }

    @Test
    void velocityControl() throws Exception {
        List<String> joints = List.of("RR_velocity_control_joint1", "RR_velocity_control_joint2");
        long[][] times = {{0, 500_000_000}, {1, 0}};
        double[][] velocities = {{0.5, 0.5}, {-1.0, 1.0}};
        Probe probe = new Probe("RR_velocity_control", joints, JointState::velocity);
        follow(probe, "/test_custom_topic/velocity_control", joints, times, velocities, false);
    }

    @Test
    void aResetReturnsToTheInitialTargets() throws Exception {
        // not in the .cc (Gazebo resets on a jump back in time): after the whole trajectory and a reset, the arm is
        // held at its initial positions again; kept at the last point's targets it would leave 0 at once
        List<String> joints = List.of("RR_position_control_joint1", "RR_position_control_joint2");
        Probe probe = new Probe("RR_position_control", joints, JointState::position);
        follow(
                probe,
                "/model/RR_position_control/joint_trajectory",
                joints,
                new long[][] {{0, 666_000_000}, {1, 333_000_000}, {2, 0}},
                new double[][] {{-0.7854, 0.7854}, {1.5708, -0.7854}, {3.1416, -1.5708}},
                true);
        sim.reset();
        sim.step(10);
        for (double value : probe.current) {
            assertThat(value).isCloseTo(0.0, within(TOL));
        }
    }

    private void follow(
            Probe probe, String topic, List<String> joints, long[][] times, double[][] targets, boolean positions)
            throws Exception {
        sim.system(probe);
        sim.startPaused(WORLD);
        List<FloatProtos.Float> progress = sim.collect(topic + "_progress", FloatProtos.Float.class);

        // a few steps: the initial positions (0) or speeds (0) are kept
        sim.step(10);
        for (double value : probe.current) {
            assertThat(value).isCloseTo(0.0, within(TOL));
        }

        JointTrajectory.Builder msg = JointTrajectory.newBuilder().addAllJointNames(joints);
        for (int i = 0; i < targets.length; i++) {
            JointTrajectoryPoint.Builder point = JointTrajectoryPoint.newBuilder()
                    .setTimeFromStart(Duration.newBuilder().setSec(times[i][0]).setNsec((int) times[i][1]));
            for (double target : targets[i]) {
                if (positions) {
                    point.addPositions(target);
                } else {
                    point.addVelocities(target);
                }
            }
            msg.addPoints(point);
        }
        sim.publish(topic, msg.build());

        long previous = 0;
        for (int i = 0; i < targets.length; i++) {
            // the steps (1 ms each) to the point's time_from_start
            long fromStart = times[i][0] * 1000 + times[i][1] / 1_000_000;
            sim.step(fromStart - previous);
            for (int j = 0; j < joints.size(); j++) {
                assertThat(probe.current[j])
                        .as("%s at point %d", joints.get(j), i)
                        .isCloseTo(targets[i][j], within(TOL));
            }
            previous = fromStart;
        }
        assertThat(progress).hasSize(targets.length);
        for (int i = 0; i < targets.length; i++) {
            assertThat(progress.get(i).getData()).isEqualTo((float) (i + 1) / targets.length);
        }
    }
}
