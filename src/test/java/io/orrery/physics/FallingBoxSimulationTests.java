package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A box dropped from a height (worlds/falling_box.sdf) lands when free fall says it should. */
class FallingBoxSimulationTests {

    private static final double DROP = 1.0;
    private static final double HALF = 0.1;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void landsAtFreeFallTime(Engine engine) {
        try (var sim = SimulationFixture.load(engine, "falling_box")) {
            double[] previousVz = {0};
            // Landing: the first step in which the contact slows the fall instead of gravity speeding it up.
            int steps = sim.stepUntil(
                    w -> {
                        double vz =
                                w.model("box").orElseThrow().velocity().linear().z();
                        boolean slowed = vz > previousVz[0];
                        previousVz[0] = vz;
                        return slowed;
                    },
                    2000);

            assertThat(steps).isPositive();
            double expected = Math.sqrt(2 * DROP / 9.8);
            assertThat(sim.simTime()).isCloseTo(expected, within(0.02 * expected));

            sim.step(1000);
            assertThat(sim.pose("box").z()).isCloseTo(HALF, within(0.005));
        }
    }
}
