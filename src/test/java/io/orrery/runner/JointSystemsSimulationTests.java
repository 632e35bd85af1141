package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DoubleProtos;
import com.gz.msgs.ModelProtos.Model;
import io.orrery.physics.JointState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.world.sdf.GzSimWorlds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gazebo's joint systems on Gazebo's own example worlds ({@code worlds/gazebo}), with real JBullet:
 * each test starts paused, sends commands on the system's topic and steps, and compares the joint's motion with
 * what the world's inertia, damping and gains predict.
 */
class JointSystemsSimulationTests {

    private static final double DT = 0.001; // the worlds set no <physics>: Gazebo's default step

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    // ---------------------------------------------------------------- JointController

    @Test
    void velocityModeDrivesTheJointAtItsInitialVelocityThenAtEachCommand() throws Exception {
        JointTrace trace = trace("joint_controller_demo", "j1");
        SimulationRunner runner = startPaused(world("joint_controller.sdf"));

        step(runner, 500);
        // <initial_velocity>5.0</initial_velocity>; the servo's effort is unbounded (no <limit><effort>).
        assertThat(trace.velocities()).allSatisfy(v -> assertThat(v).isCloseTo(5.0, within(1e-6)));
        assertThat(trace.last().position()).isCloseTo(5.0 * 0.5, within(1e-3));

        publish(runner, "/model/joint_controller_demo/joint/j1/cmd_vel", -1.0);
        trace.clear();
        step(runner, 500);

        assertThat(trace.velocities()).allSatisfy(v -> assertThat(v).isCloseTo(-1.0, within(1e-6)));
        assertThat(trace.last().position()).isCloseTo(2.5 - 0.5, within(1e-3));
    }

    @Test
    void forceModeReachesAndHoldsTheCommandedVelocityThroughThePid() throws Exception {
        JointTrace trace = trace("joint_controller_demo_2", "j1");
        SimulationRunner runner = startPaused(world("joint_controller.sdf"));

        step(runner, 100);
        assertThat(trace.last().velocity()).as("no initial_velocity: held at 0").isCloseTo(0, within(1e-6));

        publish(runner, "/model/joint_controller_demo_2/joint/j1/cmd_vel", 10.0);
        trace.clear();
        step(runner, 2000);

        // p_gain 0.2 on a free rotor of izz 0.00012: the first step's force 0.2·10 N·m gives 16.7 rad/s, then each
        // step the error changes by a factor 1 - p·dt/I = -0.667, so it rings down from 10 to 2e-2 rad/s within
        // ~20 steps; what is left is the solver's jitter on a rotor spinning at 10 rad/s (up to 1.1e-2 rad/s),
        // which the loop does not amplify, and i_gain 0.01 keeps the mean on the target.
        assertThat(trace.samples.get(0).velocity()).isCloseTo(10 * 0.2 * DT / 0.00012, within(0.01));
        assertThat(trace.samples.get(1).velocity() - 10).isCloseTo(-0.667 * (trace.samples.get(0).velocity() - 10),
                within(0.01));
        int settled = trace.lastOutside(10.0, 2e-2) + 1;
        assertThat(settled).isLessThan(60);
        double jitter = trace.samples.subList(settled, trace.samples.size()).stream()
                .mapToDouble(x -> Math.abs(x.velocity() - 10)).max().orElseThrow();
        double mean = (trace.last().position() - trace.at(1.0).position()) / (trace.last().time() - trace.at(1.0).time());
        assertThat(mean).as("mean speed over the last second").isCloseTo(10.0, within(1e-4));
        System.out.printf("JointController force mode: |v - 10| < 2e-2 rad/s after %d steps (%.3f s), then at most"
                + " %.2e rad/s; mean speed over the last second %.6f rad/s%n", settled, settled * DT, jitter, mean);
    }

    // ---------------------------------------------------------------- JointPositionController

    @Test
    void positionControllerReachesTheTargetAsThePidAndTheJointDampingPredict() throws Exception {
        JointTrace trace = trace("joint_position_controller_demo", "j1");
        SimulationRunner runner = startPaused(world("joint_position_controller.sdf"));

        publish(runner, "/rotor_cmd", 1.0);
        step(runner, 60_000);

        // Rotor izz 0.00012, joint damping 0.5, p 1, i 0.1, d 0.01, no load (the rotor's centre of mass is on
        // the axis). Closed loop, inertia neglected: (b + d)·s² + p·s + i = 0 gives poles at -1.86/s and
        // -0.106/s, so the error first falls with τ ≈ 0.5 s, overshoots by ~4% while the integral unwinds, and
        // then decays with τ ≈ 9.4 s to 0: the I term leaves no steady-state error. A discrete model of the same
        // loop gives these errors (position - target) at 1, 3, 10 and 30 s.
        assertThat(trace.at(1.0).position() - 1).isCloseTo(-0.109, within(0.01));
        assertThat(trace.at(3.0).position() - 1).isCloseTo(0.039, within(0.005));
        assertThat(trace.at(10.0).position() - 1).isCloseTo(0.021, within(0.003));
        assertThat(trace.at(30.0).position() - 1).isCloseTo(0.0025, within(0.001));
        assertThat(trace.last().position() - 1).isCloseTo(0, within(5e-4));
        double overshoot = trace.positions().stream().mapToDouble(p -> p - 1).max().orElseThrow();
        assertThat(overshoot).isCloseTo(0.040, within(0.005));
        System.out.printf("JointPositionController: error at 1 s %.4f, 3 s %.4f, 30 s %.5f, 60 s %.6f rad;"
                        + " overshoot %.4f rad; within 0.05 rad after %.2f s, 0.01 rad after %.2f s, 0.001 rad"
                        + " after %.2f s%n",
                trace.at(1.0).position() - 1, trace.at(3.0).position() - 1, trace.at(30.0).position() - 1,
                trace.last().position() - 1, overshoot, trace.settledAfter(1.0, 0.05), trace.settledAfter(1.0, 0.01),
                trace.settledAfter(1.0, 0.001));
    }

    @Test
    void positionControllerWithVelocityCommandsReachesTheTargetInOneStep() throws Exception {
        JointTrace trace = trace("joint_position_controller_demo", "j1");
        Path world = variant("joint_position_controller.sdf", "<cmd_max>1000</cmd_max>",
                "<cmd_max>2</cmd_max><use_velocity_commands>true</use_velocity_commands>");
        SimulationRunner runner = startPaused(world);

        publish(runner, "/rotor_cmd", 0.01);
        step(runner, 1);
        // 0.01 rad is farther than cmd_max·dt = 0.002 rad: the speed is limited to cmd_max.
        assertThat(trace.last().velocity()).isCloseTo(2.0, within(1e-4));

        step(runner, 10);
        assertThat(trace.last().position()).isCloseTo(0.01, within(1e-6));
        assertThat(trace.last().velocity()).isCloseTo(0, within(1e-4));
    }

    // ---------------------------------------------------------------- ApplyJointForce

    @Test
    void anAppliedForceAcceleratesTheRotorAsTorqueOverInertiaPredictsUntilTheNextCommand() throws Exception {
        JointTrace trace = trace("joint_force_example", "j1");
        SimulationRunner runner = startPaused(world("apply_joint_force.sdf"));

        step(runner, 10);
        assertThat(trace.last().velocity()).as("no force yet").isCloseTo(0, within(1e-6));

        publish(runner, "/model/joint_force_example/joint/j1/cmd_force", 0.001);
        trace.clear();
        step(runner, 1000);

        // The rotor spins about its own z axis: I = izz = 0.00012 kg·m², damping b = 0.0001 N·m·s. Under a
        // constant torque τ the speed is (τ/b)·(1 - exp(-b·t/I)): 0.0799 rad/s at 0.1 s (τ/I·t = 0.0833 without
        // damping), 5.65 rad/s at 1 s. The force is applied in every step, not just the first.
        assertThat(trace.at(0.1).velocity()).isCloseTo(expectedSpeed(0.001, 0.1), within(0.001));
        assertThat(trace.at(1.0).velocity()).isCloseTo(expectedSpeed(0.001, 1.0), within(0.01));
        assertThat(trace.at(1.0).velocity()).isCloseTo(5.65, within(0.02));
        System.out.printf("ApplyJointForce 0.001 N·m: %.5f rad/s at 0.1 s (model %.5f), %.4f at 1 s (model %.4f)%n",
                trace.at(0.1).velocity(), expectedSpeed(0.001, 0.1), trace.at(1.0).velocity(),
                expectedSpeed(0.001, 1.0));

        publish(runner, "/model/joint_force_example/joint/j1/cmd_force", 0.0);
        double before = trace.last().velocity();
        trace.clear();
        step(runner, 1200);
        // Coasting: only the damping acts, the speed falls by exp(-b·t/I) = e^-1 over 1.2 s.
        assertThat(trace.last().velocity()).isCloseTo(before * Math.exp(-1), within(0.01 * before));
    }

    @Test
    void aJointLimitHoldsAgainstAnAppliedForce() throws Exception {
        JointTrace trace = trace("joint_force_example", "j1");
        Path world = variant("apply_joint_force.sdf", "<xyz>0 0 1</xyz>",
                "<xyz>0 0 1</xyz><limit><lower>-0.5</lower><upper>0.5</upper></limit>");
        SimulationRunner runner = startPaused(world);

        publish(runner, "/model/joint_force_example/joint/j1/cmd_force", 0.001);
        step(runner, 3000);

        // The rotor hits the limit at about 2.8 rad/s; a hard impact overshoots by at most one step's travel.
        double impactSpeed = trace.samples.stream().mapToDouble(JointTrace.Sample::velocity).max().orElseThrow();
        double highest = trace.positions().stream().mapToDouble(p -> p).max().orElseThrow();
        assertThat(highest - 0.5).isLessThanOrEqualTo(impactSpeed * DT);
        assertThat(trace.last().position()).as("held against the torque").isCloseTo(0.5, within(1e-6));
        assertThat(trace.last().velocity()).isCloseTo(0, within(1e-4));
        System.out.printf("Joint limit 0.5 rad: impact at %.3f rad/s, overshoot %.5f rad, held at %.7f rad%n",
                impactSpeed, highest - 0.5, trace.last().position());
    }

    // ---------------------------------------------------------------- JointStatePublisher

    @Test
    void theJointStatePublisherPublishesWhatTheJointsReportStampedInSimTime() throws Exception {
        Path world = variant("joint_controller.sdf", "<initial_velocity>5.0</initial_velocity>\n      </plugin>",
                "<initial_velocity>5.0</initial_velocity>\n      </plugin>"
                        + "<plugin filename=\"gz-sim-joint-state-publisher-system\""
                        + " name=\"gz::sim::systems::JointStatePublisher\"/>");
        SimulationRunner runner = startPaused(world);
        List<Model> messages = Collections.synchronizedList(new ArrayList<>());
        runner.topics().orElseThrow().subscribe("/world/default/model/joint_controller_demo/joint_state",
                Model.class, "test", messages::add);

        step(runner, 100);

        assertThat(messages).hasSize(100);
        Model last = messages.get(99);
        assertThat(last.getHeader().getStamp().getSec()).isZero();
        assertThat(last.getHeader().getStamp().getNsec()).isEqualTo(100_000_000);
        assertThat(last.getName()).isEqualTo("joint_controller_demo");
        assertThat(last.getJointList()).extracting(j -> j.getName()).containsExactly("world_fixed", "j1");
        JointState j1 = runner.snapshot().model("joint_controller_demo").orElseThrow().joint("j1").orElseThrow();
        assertThat(last.getJoint(1).getAxis1().getPosition()).isEqualTo(j1.position());
        assertThat(last.getJoint(1).getAxis1().getVelocity()).isEqualTo(j1.velocity());
        assertThat(last.getJoint(1).getAxis1().getForce()).isEqualTo(j1.effort());
        assertThat(last.getJoint(1).hasAxis2()).as("a revolute joint has one axis").isFalse();
        assertThat(j1.velocity()).isCloseTo(5.0, within(1e-6));
    }

    /**
     * A universal joint's two angles (worlds/universal.sdf, its bob kicked about both axes) go out as gz.msgs.Joint's
     * axis1 and axis2, as gz-sim's JointStatePublisher fills them from a joint's two positions.
     */
    @Test
    void theJointStatePublisherPublishesBothAxesOfAUniversalJoint() throws Exception {
        String text = Files.readString(Path.of("src/test/resources/worlds/universal.sdf"));
        Path world = fixture.dir.resolve("universal-" + System.nanoTime() + ".sdf");
        Files.writeString(world, text.replace("</joint>", "</joint><plugin filename=\"gz-sim-joint-state-publisher-"
                + "system\" name=\"gz::sim::systems::JointStatePublisher\"/>"));
        // a kick about both axes in the first step: 0.2 and 0.3 rad/s about the cross, 1 m above the bob
        boolean[] kicked = {false};
        fixture.system((io.orrery.system.PreUpdate) (info, w) -> {
            if (!info.paused() && !kicked[0]) {
                kicked[0] = true;
                w.setLinkVelocity("gimbal", "bob", new io.orrery.physics.Twist(
                        new io.orrery.world.Vec3(-0.3, 0.2, 0), new io.orrery.world.Vec3(0.2, 0.3, 0)));
            }
        });
        SimulationRunner runner = startPaused(world);
        List<Model> messages = Collections.synchronizedList(new ArrayList<>());
        runner.topics().orElseThrow().subscribe("/world/universal/model/gimbal/joint_state", Model.class, "test",
                messages::add);
        step(runner, 200);

        Model last = messages.get(messages.size() - 1);
        JointState cross = runner.snapshot().model("gimbal").orElseThrow().joint("cross").orElseThrow();
        assertThat(cross.axis2()).isNotNull();
        assertThat(cross.position()).isNotZero();
        assertThat(cross.axis2().position()).isNotZero();
        assertThat(last.getJointCount()).isEqualTo(1);
        assertThat(last.getJoint(0).getAxis1().getPosition()).isEqualTo(cross.position());
        assertThat(last.getJoint(0).getAxis1().getVelocity()).isEqualTo(cross.velocity());
        assertThat(last.getJoint(0).hasAxis2()).isTrue();
        assertThat(last.getJoint(0).getAxis2().getPosition()).isEqualTo(cross.axis2().position());
        assertThat(last.getJoint(0).getAxis2().getVelocity()).isEqualTo(cross.axis2().velocity());
        assertThat(last.getJoint(0).getAxis2().getForce()).isEqualTo(cross.axis2().effort());
    }

    @Test
    void theJointStatePublisherPublishesOnlyTheNamedJointsAtItsUpdateRate() throws Exception {
        Path world = variant("joint_controller.sdf", "<initial_velocity>5.0</initial_velocity>\n      </plugin>",
                "<initial_velocity>5.0</initial_velocity>\n      </plugin>"
                        + "<plugin filename=\"gz-sim-joint-state-publisher-system\""
                        + " name=\"gz::sim::systems::JointStatePublisher\"><topic>states</topic>"
                        + "<joint_name>j1</joint_name><update_rate>100</update_rate></plugin>");
        SimulationRunner runner = startPaused(world);
        List<Model> messages = Collections.synchronizedList(new ArrayList<>());
        runner.topics().orElseThrow().subscribe("/states", Model.class, "test", messages::add);

        step(runner, 100);

        assertThat(messages).hasSize(10);
        assertThat(messages).allSatisfy(m -> assertThat(m.getJointList()).extracting(j -> j.getName()).containsExactly("j1"));
        assertThat(messages.get(1).getHeader().getStamp().getNsec()).isEqualTo(11_000_000);
    }

    // ---------------------------------------------------------------- reset

    @Test
    void aResetReturnsTargetsAndPidsToAsLoadedSoTheNextEpisodeRepeatsTheFirst() throws Exception {
        JointTrace position = trace("joint_position_controller_demo", "j1");
        SimulationRunner runner = startPaused(world("joint_position_controller.sdf"));

        publish(runner, "/rotor_cmd", 1.0);
        step(runner, 500);
        List<java.lang.Double> first = position.positions();

        runner.reset().get(20, TimeUnit.SECONDS);
        position.clear();
        step(runner, 200);
        assertThat(position.positions()).as("back to the initial target 0, the PID without history")
                .allSatisfy(p -> assertThat(p).isCloseTo(0, within(1e-12)));

        runner.reset().get(20, TimeUnit.SECONDS);
        position.clear();
        publish(runner, "/rotor_cmd", 1.0);
        step(runner, 500);
        assertThat(position.positions()).containsExactlyElementsOf(first);
    }

    @Test
    void aResetReturnsAJointControllerToItsInitialVelocityAndAnAppliedForceToZero() throws Exception {
        JointTrace rotor = trace("joint_controller_demo", "j1");
        SimulationRunner runner = startPaused(world("joint_controller.sdf"));
        publish(runner, "/model/joint_controller_demo/joint/j1/cmd_vel", -1.0);
        step(runner, 10);
        assertThat(rotor.last().velocity()).isCloseTo(-1, within(1e-6));

        runner.reset().get(20, TimeUnit.SECONDS);
        rotor.clear();
        step(runner, 10);
        assertThat(rotor.last().velocity()).isCloseTo(5, within(1e-6));
    }

    // ---------------------------------------------------------------- helpers

    private static double expectedSpeed(double torque, double t) {
        double inertia = 0.00012;
        double damping = 0.0001;
        return torque / damping * (1 - Math.exp(-damping * t / inertia));
    }

    private static Path world(String name) {
        return GzSimWorlds.folder().resolve(name);
    }

    private Path variant(String name, String find, String replace) throws Exception {
        String text = Files.readString(world(name));
        assertThat(text).contains(find);
        Path copy = fixture.dir.resolve("variant-" + System.nanoTime() + "-" + name);
        Files.writeString(copy, text.replace(find, replace));
        return copy;
    }

    private SimulationRunner startPaused(Path world) throws InterruptedException {
        return fixture.startPaused(world);
    }

    private JointTrace trace(String model, String joint) {
        JointTrace trace = new JointTrace(model, joint);
        fixture.system(trace);
        return trace;
    }

    private static void step(SimulationRunner runner, int steps) throws Exception {
        runner.step(steps).get(120, TimeUnit.SECONDS);
    }

    private static void publish(SimulationRunner runner, String topic, double value) throws Exception {
        runner.publish(topic, DoubleProtos.Double.newBuilder().setData(value).build()).get(20, TimeUnit.SECONDS);
    }

    /** The joint's state after every step, with the sim time. */
    static final class JointTrace implements PostUpdate, Reset {
        final String model;
        final String joint;
        final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());

        JointTrace(String model, String joint) {
            this.model = model;
            this.joint = joint;
        }

        record Sample(double time, double position, double velocity, double effort) {
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (!info.paused()) {
                JointState s = world.joint(model, joint).orElseThrow();
                samples.add(new Sample(info.simTimeSeconds(), s.position(), s.velocity(), s.effort()));
            }
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {
        }

        void clear() {
            samples.clear();
        }

        Sample last() {
            return samples.get(samples.size() - 1);
        }

        /** The sample at {@code t} seconds after the first one's step began. */
        Sample at(double t) {
            int index = (int) Math.round(t / DT) - 1;
            return samples.get(index);
        }

        List<java.lang.Double> velocities() {
            return samples.stream().map(Sample::velocity).toList();
        }

        List<java.lang.Double> positions() {
            return new ArrayList<>(samples.stream().map(Sample::position).toList());
        }

        /** The index of the last sample whose velocity is farther than {@code tolerance} from {@code target}. */
        int lastOutside(double target, double tolerance) {
            for (int i = samples.size() - 1; i >= 0; i--) {
                if (Math.abs(samples.get(i).velocity() - target) > tolerance) {
                    return i;
                }
            }
            return -1;
        }

        /** Seconds after which the position stays within {@code tolerance} of {@code target}. */
        double settledAfter(double target, double tolerance) {
            for (int i = samples.size() - 1; i >= 0; i--) {
                if (Math.abs(samples.get(i).position() - target) > tolerance) {
                    return (i + 1) * DT;
                }
            }
            return 0;
        }
    }
}
