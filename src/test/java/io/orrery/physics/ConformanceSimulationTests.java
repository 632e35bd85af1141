package io.orrery.physics;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.collision;
import static io.orrery.physics.TestWorlds.ground;
import static io.orrery.physics.TestWorlds.link;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The physics every engine must get right, each case run against JBullet and native Bullet, in both articulation
 * modes ({@link Physics}). Tolerances come from
 * the integrator (semi-implicit Euler at 1 ms) and float32; where an engine falls short the case says by how much,
 * with a bound tight around that engine's measured behaviour. docs/physics-engines.md's table shows the same numbers.
 */
class ConformanceSimulationTests {

    private static final double G = 9.8;
    private static final double DT = 0.001;

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aFreeBodyFallsAsZ0MinusGTSquaredOverTwo(Physics physics) {
        var ball = model(
                "ball",
                Pose.translation(0, 0, 10),
                false,
                link(
                        "body",
                        Pose.IDENTITY,
                        Optional.of(new InertialSpec(1, Pose.IDENTITY, Optional.empty())),
                        collision(new Geometry.Sphere(0.1), Pose.IDENTITY, SurfaceSpec.DEFAULT)));
        try (var sim = SimulationFixture.of(physics, world(ball), DT)) {
            sim.step(1000);
            double t = sim.simTime();
            // Semi-implicit Euler falls g·dt·t/2 = 4.9 mm further than the exact parabola by t = 1 s. Float32: each
            // of the 1000 position updates rounds by at most ε·z/2 = 6e-7 m, 6e-4 m at worst (both measure 1.6e-5).
            double euler = G * DT * t / 2;
            assertThat(sim.pose("ball").z()).isCloseTo(10 - G * t * t / 2 - euler, within(6e-4));
            assertThat(sim.model("ball").velocity().linear().z()).isCloseTo(-G * t, within(1e-4));
        }
    }

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aBoxAtRestOnAPlaneDriftsLessThanOneMillimetreInTenSeconds(Physics physics) {
        var box = model(
                "box",
                Pose.translation(0, 0, 0.25),
                false,
                boxLink("body", Pose.IDENTITY, 1, new Vec3(0.5, 0.5, 0.5), SurfaceSpec.DEFAULT));
        try (var sim = SimulationFixture.of(physics, world(ground(), box), DT)) {
            Vec3 start = sim.pose("box").position();
            sim.step(10_000);
            assertThat(sim.pose("box").position().minus(start).length()).isLessThan(0.001);
        }
    }

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aBoxOnARampSlidesExactlyWhenTanThetaExceedsMu(Physics physics) {
        // tan 30° = 0.577: at μ 0.55 the box slides, at μ 0.60 static friction holds it.
        assertThat(rampTravel(physics, 0.55)).isGreaterThan(0.1);
        // Holding: ideally no motion at all. Measured 2.0e-7 m (JBullet) and 7.8e-7 m (Bullet) in these 2 s, float32
        // rounding of a position near 2 m (1.2e-7 m a coordinate, a step); sliding at μ 0.55 covers 0.49 m. JBullet
        // crept 1.17 mm while it pushed the penetration out through the velocity.
        assertThat(rampTravel(physics, 0.60)).isLessThan(2e-6);
    }

    private static double rampTravel(Physics physics, double mu) {
        double angle = Math.toRadians(30);
        Pose rampPose = new Pose(new Vec3(0, 0, 2), Quat.fromEuler(0, angle, 0));
        var ramp = model(
                "ramp",
                rampPose,
                true,
                boxLink("slab", Pose.IDENTITY, 10, new Vec3(8, 2, 0.2), new SurfaceSpec(mu, 0)));
        var box = model(
                "box",
                rampPose.compose(Pose.translation(-2, 0, 0.2)),
                false,
                boxLink("body", Pose.IDENTITY, 1, new Vec3(0.2, 0.2, 0.2), new SurfaceSpec(mu, 0)));
        try (var sim = SimulationFixture.of(physics, world(ramp, box), DT)) {
            sim.step(100);
            Vec3 start = sim.pose("box").position();
            sim.step(2000);
            return sim.pose("box").position().minus(start).length();
        }
    }

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aBallWithRestitutionEReboundsToESquaredH(Physics physics) {
        double e = 0.6;
        var ball = model(
                "ball",
                Pose.translation(0, 0, 1.1),
                false,
                link(
                        "body",
                        Pose.IDENTITY,
                        Optional.of(new InertialSpec(0.5, Pose.IDENTITY, Optional.empty())),
                        collision(new Geometry.Sphere(0.1), Pose.IDENTITY, new SurfaceSpec(1.0, e))));
        try (var sim = SimulationFixture.of(physics, world(ground(), ball), DT)) {
            sim.stepUntil(w -> w.model("ball").orElseThrow().velocity().linear().z() > 0, 2000);
            double apex = 0;
            for (int i = 0; i < 2000 && sim.model("ball").velocity().linear().z() > 0; i++) {
                sim.step(1);
                apex = Math.max(apex, sim.pose("ball").z() - 0.1);
            }
            // Ideal e²·h = 0.36 m.
            if (physics.engine() == Engine.JBULLET) {
                // JBullet: 0.363 m, within one step's travel at impact (4.4 mm) of the ideal; it was 0.562 m while the
                // penetration was pushed out through the velocity (BounceSimulationTests explains it).
                assertThat(apex).isCloseTo(0.363, within(0.001));
            } else {
                // Bullet 3 makes the contact up to 2 cm before the ball touches and solves it while still apart,
                // stopping part of the approach without restitution: 0.120 m, 0.24 m (67 %) too low. Which share
                // it loses depends on where in a step the ball arrives (dropped from 1.002 m it does not bounce).
                // Deterministic; 1 mm is far above float32 rounding.
                assertThat(apex).isCloseTo(0.120, within(0.001));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void jointLimitsHoldAndAVelocityMotorReachesItsTarget(Physics physics) {
        try (var sim = SimulationFixture.load(physics, "wheels")) {
            // 1 N·m on I = 0.01 kg·m² against the ±0.5 rad limit: at most one step's travel past it on impact
            // (ω·dt = 0.01 rad), then held to float noise.
            double[] peak = {0};
            sim.onPreStep((w, i, t) -> {
                w.setJointForce("stopped", "axle", 1);
                w.setJointVelocityCommand("strong", "axle", 5);
            });
            sim.onPostStep((w, i, t) -> peak[0] =
                    Math.max(peak[0], w.joint("stopped", "axle").orElseThrow().position() - 0.5));
            sim.step(1000);
            assertThat(peak[0]).isLessThanOrEqualTo(10 * DT);
            assertThat(sim.world().joint("stopped", "axle").orElseThrow().position())
                    .isCloseTo(0.5, within(1e-5));
            // effort 10 N·m: 1000 rad/s², so 5 rad/s after 5 steps, then held to float32 (ε·5 rad/s).
            assertThat(sim.world().joint("strong", "axle").orElseThrow().velocity())
                    .isCloseTo(5, within(1e-6));
        }
    }

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aFrictionlessPendulumsEnergyDoesNotGrowOverSixtySeconds(Physics physics) {
        try (var sim = SimulationFixture.load(physics, "pendulum")) {
            double e0 = energy(sim);
            double peak = e0;
            for (int i = 0; i < 60; i++) {
                sim.step(1000);
                peak = Math.max(peak, energy(sim));
            }
            // Energy relative to the bottom of the swing: m g L (1 − cos 0.05) = 0.0122 J. The joint may only take
            // energy out; 1 % of the swing's energy allows float32 noise in the constraint.
            double swing = 1 * G * 1 * (1 - Math.cos(0.05));
            assertThat(peak - e0).isLessThan(0.01 * swing);
        }
    }

    /** The bob's potential (above the pivot's lowest point) and kinetic energy; I_cm 0.001 kg·m². */
    private static double energy(SimulationFixture sim) {
        LinkState bob = sim.link("pendulum", "bob");
        double v = bob.velocity().linear().length();
        double w = bob.velocity().angular().length();
        return G * (bob.pose().z() - 0.0) + 0.5 * v * v + 0.5 * 0.001 * w * w;
    }
}
