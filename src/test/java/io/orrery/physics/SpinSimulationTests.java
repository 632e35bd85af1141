package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No hidden rotation clamp (worlds/conformance/spin.sdf): a rotor on a hinge whose {@code <velocity>} limit is
 * 3000 rad/s, 3 rad per 1 ms step, is driven at that limit. Bullet caps a body's rotation at π/4 per step, so it
 * turned at 785 rad/s while its joint read 3000; Gazebo turns it at the limit.
 */
class SpinSimulationTests {

    private static final double SPEED = 3000;

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aJointSpinsAtItsVelocityLimitPastBulletsPerStepClamp(Physics physics) {
        try (var sim = SimulationFixture.load(physics, "conformance/spin")) {
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("spinner", "axle", SPEED));
            sim.step(100);
            double start = sim.world().joint("spinner", "axle").orElseThrow().position();
            int steps = 100;
            sim.step(steps);
            JointState axle = sim.world().joint("spinner", "axle").orElseThrow();
            double turned = (axle.position() - start) / (steps * sim.dt());
            System.out.printf("spin %s: velocity %.6f, turned at %.6f rad/s%n", physics, axle.velocity(), turned);
            // float32: the velocity's last bit at 3000 rad/s is 2.4e-4 rad/s, a body's orientation 6e-8 rad per reading
            assertThat(axle.velocity()).isCloseTo(SPEED, within(1e-3));
            assertThat(turned).isCloseTo(SPEED, within(1e-3));
        }
    }
}
