package io.orrery.system.multicoptermotormodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The rotor's first-order lag, against its closed form: x(t) = u (1 − e^(−t/τ)) rising, x₀ e^(−t/τ) falling. */
class RotorFilterTests {

    @Test
    void itRisesAndFallsWithItsOwnTimeConstants() {
        RotorFilter filter = new RotorFilter(0.0125, 0.025);
        double dt = 0.001;
        double x = 0;
        for (int i = 0; i < 50; i++) {
            x = filter.update(100, dt);
        }
        // a discrete zero-order hold is exact for a constant input: only rounding separates them
        assertThat(x).isCloseTo(100 * (1 - Math.exp(-0.05 / 0.0125)), within(1e-9));
        double peak = x;
        for (int i = 0; i < 50; i++) {
            x = filter.update(0, dt);
        }
        assertThat(x).isCloseTo(peak * Math.exp(-0.05 / 0.025), within(1e-9));
        filter.reset();
        assertThat(filter.update(0, dt)).isZero();
    }
}
