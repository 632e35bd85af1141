package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A link a fixed joint holds to the world stays where it is (worlds/conformance/fixed_base.sdf, after gz-physics'
 * StaticCollisions test): it overlaps the ground and a static box, which pushed it away at metres per second while
 * it was a free body held by a constraint; Gazebo leaves it in place. Bodies still land on it.
 */
class WorldFixedLinkSimulationTests {

    @ParameterizedTest
    @MethodSource("io.orrery.physics.Physics#all")
    void aLinkFixedToTheWorldStaysPutUnderOverlappingShapesAndHoldsWhatLandsOnIt(Physics physics) {
        try (var sim = SimulationFixture.load(physics, "conformance/fixed_base")) {
            double worstMove = 0;
            double worstSpeed = 0;
            for (int i = 0; i < 2000; i++) {
                sim.step(1);
                LinkState fixed = sim.link("box_fixed_world_joint", "body");
                worstMove = Math.max(worstMove, fixed.pose().position().length());
                worstSpeed = Math.max(
                        worstSpeed,
                        fixed.velocity().linear().length()
                                + fixed.velocity().angular().length());
            }
            // Gazebo's pose tolerance is 1e-3 m; a static body does not move at all, so: exactly where it was built
            assertThat(worstMove).as("fixed box moved (m)").isZero();
            assertThat(worstSpeed).as("fixed box speed").isZero();
            // the 0.2 m box dropped at z 1.5 rests on the fixed box's top face (z 0.5), so its centre at 0.6; 5 mm is
            // the resting bound FallingBoxSimulationTests holds a landed box to
            assertThat(sim.pose("falling").z()).isCloseTo(0.6, within(0.005));
        }
    }
}
