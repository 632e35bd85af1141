package io.orrery.system.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PidTests {

    private static final double NO_LIMIT_MAX = -1;
    private static final double NO_LIMIT_MIN = 0;

    @Test
    void theCommandOpposesTheErrorWithGazebosSign() {
        Pid pid = new Pid(3, 0, 0, NO_LIMIT_MAX, NO_LIMIT_MIN, NO_LIMIT_MAX, NO_LIMIT_MIN, 0);
        // error = actual - target = 2: the command pushes back.
        assertThat(pid.update(2, 0.01)).isEqualTo(-6);
    }

    @Test
    void theIntegralAccumulatesGainTimesErrorTimesStepAndIsClamped() {
        Pid pid = new Pid(0, 4, 0, 0.05, -0.05, NO_LIMIT_MAX, NO_LIMIT_MIN, 0);
        pid.update(1, 0.01);
        assertThat(pid.integral()).isCloseTo(0.04, within(1e-15));
        pid.update(1, 0.01);
        assertThat(pid.integral()).isEqualTo(0.05);
        assertThat(pid.command()).isEqualTo(-0.05);
    }

    @Test
    void theDerivativeActsOnTheChangeOfTheErrorAndTheCommandIsClamped() {
        Pid pid = new Pid(0, 0, 0.5, NO_LIMIT_MAX, NO_LIMIT_MIN, 10, -10, 1);
        // First update: the error rises from 0 to 0.1 in 0.01 s, a rate of 10; command = 1 - 0.5·10 = -4.
        assertThat(pid.update(0.1, 0.01)).isCloseTo(-4, within(1e-12));
        // A jump of 10 in one step would command -499: clamped.
        assertThat(pid.update(10.1, 0.01)).isEqualTo(-10);
    }

    @Test
    void aZeroStepOrANonFiniteErrorCommandsNothingAndKeepsTheState() {
        Pid pid = new Pid(1, 1, 1, NO_LIMIT_MAX, NO_LIMIT_MIN, NO_LIMIT_MAX, NO_LIMIT_MIN, 0);
        pid.update(1, 0.1);
        double integral = pid.integral();
        assertThat(pid.update(5, 0)).isZero();
        assertThat(pid.update(Double.NaN, 0.1)).isZero();
        assertThat(pid.integral()).isEqualTo(integral);
    }

    @Test
    void resetStartsOverAsNew() {
        Pid pid = new Pid(1, 1, 1, NO_LIMIT_MAX, NO_LIMIT_MIN, NO_LIMIT_MAX, NO_LIMIT_MIN, 0);
        double first = pid.update(0.3, 0.01);
        pid.update(0.7, 0.01);
        pid.reset();
        assertThat(pid.update(0.3, 0.01)).isEqualTo(first);
    }
}
