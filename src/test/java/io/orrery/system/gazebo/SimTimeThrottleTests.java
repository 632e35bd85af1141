package io.orrery.system.gazebo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SimTimeThrottleTests {

    @Test
    void dueOncePerPeriodCountedFromZeroAndAtOnceWhenTimeGoesBack() {
        SimTimeThrottle throttle = SimTimeThrottle.hertz(100); // 10 ms
        assertThat(throttle.isDue(1_000_000)).isFalse();
        assertThat(throttle.isDue(10_000_000)).isTrue();
        throttle.published(10_000_000);
        assertThat(throttle.isDue(19_999_999)).isFalse();
        assertThat(throttle.isDue(20_000_000)).isTrue();
        assertThat(throttle.isDue(5_000_000)).as("time went back").isTrue();
        throttle.reset();
        assertThat(throttle.isDue(1_000_000)).isFalse();
    }

    @Test
    void noFrequencyMeansEveryStep() {
        SimTimeThrottle throttle = SimTimeThrottle.hertz(-1);
        throttle.published(1_000_000);
        assertThat(throttle.isDue(2_000_000)).isTrue();
    }
}
