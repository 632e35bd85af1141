package io.orrery.runner.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RunningStatsTests {

    @Test
    void summarisesAKnownSequence() {
        RunningStats stats = new RunningStats();
        for (double x : new double[] {2, 4, 4, 4, 5, 5, 7, 9}) {
            stats.add(x);
        }

        assertThat(stats.summary()).isEqualTo(new StatisticsSnapshot.Summary(8, 2, 9, 5, 2));
    }

    @Test
    void staysAccurateForLargeCloseValues() {
        RunningStats stats = new RunningStats();
        for (double x : new double[] {4, 7, 13, 16}) {
            stats.add(1e9 + x);
        }

        assertThat(stats.mean()).isEqualTo(1e9 + 10);
        assertThat(stats.std()).isCloseTo(Math.sqrt(22.5), within(1e-9));
        assertThat(stats.min()).isEqualTo(1e9 + 4);
        assertThat(stats.max()).isEqualTo(1e9 + 16);
    }

    @Test
    void isAllZeroWhenEmptyOrReset() {
        RunningStats stats = new RunningStats();
        assertThat(stats.summary()).isEqualTo(StatisticsSnapshot.Summary.EMPTY);

        stats.add(-3);
        assertThat(stats.summary()).isEqualTo(new StatisticsSnapshot.Summary(1, -3, -3, -3, 0));
        stats.reset();
        assertThat(stats.summary()).isEqualTo(StatisticsSnapshot.Summary.EMPTY);
    }
}
