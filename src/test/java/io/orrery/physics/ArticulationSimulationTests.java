package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.ModelSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Joints against Gazebo's own tolerances (issue 24), on both engines and in both articulation modes, on the worlds of
 * src/test/resources/worlds/articulation. Gazebo's integration tests hold a joint's velocity to 1e-4 and motion off
 * a hinge's axis to 1e-6; the {@code projected} mode meets them on both engines. Plain {@code constraints} do not
 * everywhere: where they fall short the case states the measured figure and holds it tightly (deterministic runs;
 * the bound is the figure plus about 10 %). docs/physics-engines.md has the same table.
 */
class ArticulationSimulationTests {

    private static final Path WORLDS = Path.of("src/test/resources/worlds/articulation");
    private static final double G = 9.8;

    private static WorldSpec world(String name) {
        return SimulationFixture.read(WORLDS.resolve(name + ".sdf"));
    }

    private static boolean jbulletConstraints(Physics physics) {
        return physics.engine() == Engine.JBULLET && !physics.projected();
    }

    /**
     * rotor.sdf: a servo holds a 1 kg bar at 5 rad/s about a horizontal axis whose joint also carries its weight.
     * Over 1,000 steps once reached: the speed within Gazebo's 1e-4 on every engine and mode; nothing off the axis
     * beyond 1e-6 rad/s, except jbullet's constraints, whose hinge against a moving base (JBullet keeps such a base a
     * body, see WorldFixedLinkSimulationTests) lets the bar wobble at up to 2.9e-3 rad/s.
     */
    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aRotorServoHoldsItsSpeedWithNothingOffItsAxis(Physics physics) {
        try (var sim = SimulationFixture.of(physics, world("rotor"))) {
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("rotor", "spin", 5));
            sim.step(100);
            double worstSpeed = 0;
            double worstOffAxis = 0;
            for (int i = 0; i < 1000; i++) {
                sim.step(1);
                worstSpeed = Math.max(
                        worstSpeed,
                        Math.abs(
                                sim.world().joint("rotor", "spin").orElseThrow().velocity() - 5));
                Vec3 spin = sim.link("rotor", "bar").velocity().angular();
                Vec3 axis = sim.link("rotor", "base").pose().rotation().rotate(new Vec3(1, 0, 0));
                worstOffAxis = Math.max(
                        worstOffAxis, spin.minus(axis.times(spin.dot(axis))).length());
            }
            assertThat(worstSpeed).as(physics + ": worst |v − 5| rad/s").isLessThan(1e-4);
            assertThat(worstOffAxis)
                    .as(physics + ": worst off-axis rad/s")
                    .isLessThan(jbulletConstraints(physics) ? 3.2e-3 : 1e-6);
        }
    }

    /**
     * chain.sdf: ten links hanging straight down from the world, in equilibrium. Over the second second: every joint
     * stays at 0 to 1e-6 rad and, articulated, every link stays still to 1e-6 m/s; with plain constraints the links
     * jitter at up to 5.1e-5 m/s (jbullet) and 3.7e-5 m/s (bullet; 4.9e-5 at Bullet's own 10 iterations), the
     * solver's unconverged remainder.
     */
    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aHangingChainStaysStill(Physics physics) {
        try (var sim = SimulationFixture.of(physics, world("chain"))) {
            sim.step(1000);
            double worstAngle = 0;
            double worstSpeed = 0;
            for (int i = 0; i < 1000; i++) {
                sim.step(1);
                ModelState chain = sim.model("chain");
                for (JointState j : chain.joints()) {
                    worstAngle = Math.max(worstAngle, Math.abs(j.position()));
                }
                for (LinkState l : chain.links()) {
                    worstSpeed = Math.max(worstSpeed, l.velocity().linear().length());
                }
            }
            assertThat(worstAngle).as(physics + ": worst joint angle, rad").isLessThan(1e-6);
            double bound = physics.projected() ? 1e-6 : physics.engine() == Engine.JBULLET ? 5.6e-5 : 4.1e-5;
            assertThat(worstSpeed).as(physics + ": worst link speed, m/s").isLessThan(bound);
        }
    }

    /**
     * double_pendulum.sdf: released with both rods horizontal, frictionless, for 10 s (chaotic after a few swings).
     * Its energy should stay what it was; semi-implicit Euler at 1 ms keeps it to within a bounded error. Worst
     * |E − E0| relative to m g L (9.8 J), measured: projected 1.4e-2 (jbullet) and 1.1e-2 (bullet), the joint-space
     * step's first-order velocity-product terms; constraints 3.7e-3 and 6.9e-3 (6.5e-3 at Bullet's own 10 iterations).
     * Each held to its figure plus 10 %.
     */
    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aDoublePendulumKeepsItsEnergy(Physics physics) {
        WorldSpec spec = world("double_pendulum");
        ModelSpec model = spec.models().get(0);
        try (var sim = SimulationFixture.of(physics, spec)) {
            double e0 = TestWorlds.energy(model, sim.model("pendulum"));
            double worst = 0;
            for (int i = 0; i < 10_000; i++) {
                sim.step(1);
                worst = Math.max(worst, Math.abs(TestWorlds.energy(model, sim.model("pendulum")) - e0));
            }
            double measured = physics.projected()
                    ? (physics.engine() == Engine.JBULLET ? 1.4e-2 : 1.1e-2)
                    : (physics.engine() == Engine.JBULLET ? 3.7e-3 : 6.9e-3);
            assertThat(worst / (G * 1.0))
                    .as(physics + ": worst |E − E0| / m g L")
                    .isLessThan(measured * 1.1);
        }
    }

    /**
     * loop.sdf: a model whose joints close a loop cannot be articulated; it keeps plain constraints and its state
     * says why, while the pendulum beside it articulates.
     */
    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aLoopOfJointsFallsBackToConstraintsAndSaysWhy(Physics physics) {
        try (var sim = SimulationFixture.of(physics, world("loop"))) {
            ArticulationState loop = sim.model("loop").articulation();
            ArticulationState pendulum = sim.model("pendulum").articulation();
            assertThat(loop.requested()).isEqualTo(physics.articulation());
            assertThat(pendulum).isEqualTo(ArticulationState.as(physics.articulation()));
            if (physics.projected()) {
                assertThat(loop.mode()).isEqualTo(Articulation.CONSTRAINTS);
                assertThat(loop.fallback())
                        .hasValue("link 'second' is the child of joints 'elbow' and 'closing':" + " a loop of joints");
            } else {
                assertThat(loop).isEqualTo(ArticulationState.as(Articulation.CONSTRAINTS));
            }
            sim.step(200);
            // the two rods and the world close a triangle (hinges at (0, 0, 2), (0.5, 0, 2) and (0.5, 0, 1.5)): the
            // loop cannot move, so the first rod's far end stays where it was, to the constraints' 1 mm
            Vec3 end = sim.link("loop", "first").pose().apply(new Vec3(0.25, 0, 0));
            assertThat(end.minus(new Vec3(0.5, 0, 2)).length())
                    .as(physics + ": the loop's elbow, m")
                    .isLessThan(1e-3);
        }
    }
}
