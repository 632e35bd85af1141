package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A bob on a revolute joint to the world swings with the physical-pendulum period T = 2π·sqrt(I/(m g L)), where
 * I = I_cm + m L² is the inertia about the pivot (worlds/pendulum.sdf) (almost the point-mass 2π·sqrt(L/g) for a small bob).
 */
class PendulumSimulationTests {

    private static final double L = 1.0;
    private static final double MASS = 1.0;
    private static final double I_CM = 0.001;
    private static final double AMPLITUDE = 0.05;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void swingsWithThePendulumPeriod(Engine engine) {
        List<Double> crossings = new ArrayList<>();
        try (var sim = SimulationFixture.load(engine, "pendulum")) {
            double[] previousX = {sim.link("pendulum", "bob").pose().x()};
            assertThat(previousX[0]).isCloseTo(-L * Math.sin(AMPLITUDE), within(1e-4));
            sim.onPostStep((w, iteration, time) -> {
                double x = w.model("pendulum")
                        .orElseThrow()
                        .link("bob")
                        .orElseThrow()
                        .pose()
                        .x();
                if (previousX[0] > 0 && x <= 0 || previousX[0] < 0 && x >= 0) {
                    // Linear interpolation between the two samples.
                    crossings.add(time - sim.dt() * x / (x - previousX[0]));
                }
                previousX[0] = x;
            });
            sim.step(11_000);
        }

        assertThat(crossings).hasSizeGreaterThanOrEqualTo(10);
        int halfPeriods = crossings.size() - 1;
        double period = 2 * (crossings.get(halfPeriods) - crossings.get(0)) / halfPeriods;
        double expected = 2 * Math.PI * Math.sqrt((I_CM + MASS * L * L) / (MASS * 9.8 * L));
        assertThat(period).isCloseTo(expected, within(0.03 * expected));
    }
}
