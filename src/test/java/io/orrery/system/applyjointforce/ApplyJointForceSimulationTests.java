package io.orrery.system.applyjointforce;

import static io.orrery.system.GazeboSystemRunner.gzWorld;
import static io.orrery.system.joints.JointTrace.DT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.joints.JointTrace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ApplyJointForce on Gazebo's own example world ({@code worlds/gazebo/apply_joint_force.sdf}), with real JBullet:
 * each test starts paused, sends a force on the system's topic and steps, and compares the joint's motion with what
 * the world's inertia and damping predict.
 */
class ApplyJointForceSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void anAppliedForceAcceleratesTheRotorAsTorqueOverInertiaPredictsUntilTheNextCommand() throws Exception {
        JointTrace trace = JointTrace.on(sim, "joint_force_example", "j1");
        sim.startPaused(gzWorld("apply_joint_force.sdf"));

        sim.step(10);
        assertThat(trace.last().velocity()).as("no force yet").isCloseTo(0, within(1e-6));

        sim.publish("/model/joint_force_example/joint/j1/cmd_force", 0.001);
        trace.clear();
        sim.step(1000);

        // The rotor spins about its own z axis: I = izz = 0.00012 kg·m², damping b = 0.0001 N·m·s. Under a
        // constant torque τ the speed is (τ/b)·(1 - exp(-b·t/I)): 0.0799 rad/s at 0.1 s (τ/I·t = 0.0833 without
        // damping), 5.65 rad/s at 1 s. The force is applied in every step, not just the first.
        assertThat(trace.at(0.1).velocity()).isCloseTo(expectedSpeed(0.001, 0.1), within(0.001));
        assertThat(trace.at(1.0).velocity()).isCloseTo(expectedSpeed(0.001, 1.0), within(0.01));
        assertThat(trace.at(1.0).velocity()).isCloseTo(5.65, within(0.02));
        System.out.printf(
                "ApplyJointForce 0.001 N·m: %.5f rad/s at 0.1 s (model %.5f), %.4f at 1 s (model %.4f)%n",
                trace.at(0.1).velocity(),
                expectedSpeed(0.001, 0.1),
                trace.at(1.0).velocity(),
                expectedSpeed(0.001, 1.0));

        sim.publish("/model/joint_force_example/joint/j1/cmd_force", 0.0);
        double before = trace.last().velocity();
        trace.clear();
        sim.step(1200);
        // Coasting: only the damping acts, the speed falls by exp(-b·t/I) = e^-1 over 1.2 s.
        assertThat(trace.last().velocity()).isCloseTo(before * Math.exp(-1), within(0.01 * before));
    }

    @Test
    void aJointLimitHoldsAgainstAnAppliedForce() throws Exception {
        JointTrace trace = JointTrace.on(sim, "joint_force_example", "j1");
        Path world = sim.withReplaced(
                gzWorld("apply_joint_force.sdf"),
                "<xyz>0 0 1</xyz>",
                "<xyz>0 0 1</xyz><limit><lower>-0.5</lower><upper>0.5</upper></limit>");
        sim.startPaused(world);

        sim.publish("/model/joint_force_example/joint/j1/cmd_force", 0.001);
        sim.step(3000);

        // The rotor hits the limit at about 2.8 rad/s; a hard impact overshoots by at most one step's travel.
        double impactSpeed = trace.samples().stream()
                .mapToDouble(JointTrace.Sample::velocity)
                .max()
                .orElseThrow();
        double highest = trace.positions().stream().mapToDouble(p -> p).max().orElseThrow();
        assertThat(highest - 0.5).isLessThanOrEqualTo(impactSpeed * DT);
        assertThat(trace.last().position()).as("held against the torque").isCloseTo(0.5, within(1e-6));
        assertThat(trace.last().velocity()).isCloseTo(0, within(1e-4));
        System.out.printf(
                "Joint limit 0.5 rad: impact at %.3f rad/s, overshoot %.5f rad, held at %.7f rad%n",
                impactSpeed, highest - 0.5, trace.last().position());
    }

    private static double expectedSpeed(double torque, double t) {
        double inertia = 0.00012;
        double damping = 0.0001;
        return torque / damping * (1 - Math.exp(-damping * t / inertia));
    }
}
