package io.orrery.physics;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A box on a 30° static ramp: slides with a = g(sinθ − μcosθ) at μ = 0.2, stays at μ = 1. The contact's μ is the
 * smaller of the two surfaces' (Gazebo's rule): the ramp has μ = 1 and the box the coefficient under test, except
 * where both carry the same one.
 */
class RampSimulationTests {

    private static final double ANGLE = Math.toRadians(30);
    private static final double HALF = 0.1;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void slidesWithLowFriction(Engine engine) {
        // Both slide at 3.199 and 3.198 m/s² against the ideal 3.203; 1 % of a holds them tightly.
        double expected = acceleration(0.2);
        assertThat(slide(engine, rampWorld(1.0, 0.2), expected)).isCloseTo(expected, within(0.01 * expected));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void twoSurfacesOfTheSameFrictionSlideWithThatFrictionNotItsSquare(Engine engine) {
        // μ 0.5 on both: sliding at μ 0.5 (a ≈ 0.66 m/s²), not at 0.25 (a ≈ 2.8 m/s²) as a product would give.
        double expected = acceleration(0.5);
        double a = slide(engine, rampWorld(0.5, 0.5), expected);
        // Both slide at 0.6558 m/s², 0.1 % below the ideal 0.6565. With the engines' own solver settings (the
        // penetration pushed out through the velocity; on Bullet friction along one direction while a contact slides
        // slower than 3.4e-4 m/s) JBullet slid at 0.625 and Bullet at 0.566, the box yawing as it went: friction
        // acted as μ 0.51 to 0.511. Deterministic: 1 % of a, far above float rounding.
        assertThat(a).isCloseTo(expected, within(0.01 * expected));
        assertThat(a).isLessThan(acceleration(0.25) / 2); // nowhere near the product's μ
    }

    private static double acceleration(double mu) {
        return 9.8 * (Math.sin(ANGLE) - mu * Math.cos(ANGLE));
    }

    /** The box's acceleration down the slope over 1 s, after 0.1 s to settle; asserts that it slid. */
    private static double slide(Engine engine, WorldSpec world, double expectedA) {
        try (var sim = SimulationFixture.of(engine, world, 0.001)) {
            sim.step(100); // settle onto the surface
            Vec3 start = sim.pose("box").position();
            double t0 = sim.simTime();
            sim.step(1000);
            double t = sim.simTime() - t0;

            Vec3 moved = sim.pose("box").position().minus(start);
            Vec3 downSlope = new Vec3(Math.cos(ANGLE), 0, -Math.sin(ANGLE));
            double along = moved.dot(downSlope);
            // From s = v0 t + a t²/2 and v = v0 + a t, whatever speed it had after settling: a = 2 (v t − s) / t².
            double v = sim.model("box").velocity().linear().dot(downSlope);
            double a = 2 * (v * t - along) / (t * t);
            assertThat(along).isGreaterThan(expectedA * t * t / 4);
            return a;
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void staysWithHighFriction(Engine engine) {
        try (var sim = SimulationFixture.of(engine, rampWorld(1.0, 1.0), 0.001)) {
            sim.step(100);
            Vec3 start = sim.pose("box").position();
            sim.step(2000);
            // Static friction holds it (μ 1 > tan 30°): ideally it does not move at all. Measured 3.3e-8 m (JBullet)
            // and 3.0e-8 m (Bullet) over these 2 s, float32 rounding of a position near 2 m (1.2e-7 m a coordinate);
            // 1e-6 m holds that tightly. With the engines' own solver settings JBullet crept 60 µm.
            assertThat(sim.pose("box").position().minus(start).length()).isLessThan(1e-6);
        }
    }

    private static WorldSpec rampWorld(double rampMu, double mu) {
        Quat tilt = Quat.fromEuler(0, ANGLE, 0); // +x runs downhill
        Pose rampPose = new Pose(new Vec3(0, 0, 2), tilt);
        var ramp = model(
                "ramp",
                rampPose,
                true,
                boxLink("slab", Pose.IDENTITY, 10, new Vec3(8, 2, 0.2), new SurfaceSpec(rampMu, 0)));
        // On the ramp's top face, 2 m uphill of its centre.
        Pose boxPose = rampPose.compose(Pose.translation(-2, 0, 0.1 + HALF));
        var box = model(
                "box",
                boxPose,
                false,
                boxLink("body", Pose.IDENTITY, 1, new Vec3(0.2, 0.2, 0.2), new SurfaceSpec(mu, 0)));
        return world(ramp, box);
    }
}
