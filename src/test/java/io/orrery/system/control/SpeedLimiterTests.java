package io.orrery.system.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpeedLimiterTests {

    private static final double DT = 0.001;

    @Test
    void withoutLimitsTheCommandPassesUnchanged() {
        assertThat(SpeedLimiter.NONE.limit(3.7, 0, 0, DT)).isEqualTo(3.7);
    }

    @Test
    void theAccelerationLimitRampsTheSpeedByAccelerationTimesTheStep() {
        SpeedLimiter limiter = SpeedLimiter.NONE.withAcceleration(-2, 1);
        double previous = 0;
        double beforePrevious = 0;
        for (int i = 1; i <= 500; i++) {
            double v = limiter.limit(1.0, previous, beforePrevious, DT);
            beforePrevious = previous;
            previous = v;
        }
        // 1 m/s² for 0.5 s: 0.5 m/s, each step exactly 1 mm/s more (up to rounding of 500 additions).
        assertThat(previous).isCloseTo(0.5, within(1e-12));
        // Braking may be twice as hard.
        assertThat(limiter.limit(-5, 0.5, 0.5 - DT, DT)).isCloseTo(0.5 - 2 * DT, within(1e-15));
    }

    @Test
    void theJerkLimitRampsTheAcceleration() {
        SpeedLimiter limiter = SpeedLimiter.NONE.withJerk(-10, 10);
        // From rest, the acceleration may grow by jerk·dt each step: the first step's speed is jerk·dt².
        assertThat(limiter.limit(1, 0, 0, DT)).isCloseTo(10 * DT * DT, within(1e-18));
        // Already accelerating at 1 m/s² (previous speeds 0.001 and 0): at most 1 + 10·dt m/s² now.
        assertThat(limiter.limit(1, 0.001, 0, DT)).isCloseTo(0.001 + (1 + 10 * DT) * DT, within(1e-15));
    }

    @Test
    void theSpeedIsClampedLast() {
        SpeedLimiter limiter = SpeedLimiter.NONE.withVelocity(-0.5, 0.5).withAcceleration(-100, 100);
        assertThat(limiter.limit(2, 0.49, 0.48, DT)).isEqualTo(0.5);
        assertThat(limiter.limit(-2, -0.49, -0.48, DT)).isEqualTo(-0.5);
    }

    @Test
    void aZeroStepLimitsOnlyTheSpeed() {
        SpeedLimiter limiter =
                SpeedLimiter.NONE.withVelocity(-1, 1).withAcceleration(-1, 1).withJerk(-1, 1);
        assertThat(limiter.limit(0.9, 0, 0, 0)).isEqualTo(0.9);
    }
}
