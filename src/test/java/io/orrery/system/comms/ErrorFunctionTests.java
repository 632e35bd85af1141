package io.orrery.system.comms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

/** erfc against the C library's values (what Gazebo's models call), from the centre to the far tail. */
class ErrorFunctionTests {

    // the fit's stated relative error is under 1.2e-7, i.e. 1.2e-5 percent
    private static final double PERCENT = 1.2e-5;

    @Test
    void matchesTheTableAcrossTheRangeAndInTheFarTail() {
        assertThat(ErrorFunction.erfc(0)).isCloseTo(1.0, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(0.5)).isCloseTo(0.4795001221869535, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(1)).isCloseTo(0.15729920705028513, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(2)).isCloseTo(0.004677734981047266, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(3)).isCloseTo(2.209049699858544e-5, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(5)).isCloseTo(1.5374597944280349e-12, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(-1)).isCloseTo(1.8427007929497148, withinPercentage(PERCENT));
        assertThat(ErrorFunction.erfc(Double.POSITIVE_INFINITY)).isZero();
        assertThat(ErrorFunction.erfc(Double.NEGATIVE_INFINITY)).isEqualTo(2.0);
    }
}
