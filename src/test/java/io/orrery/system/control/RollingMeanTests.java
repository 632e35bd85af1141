package io.orrery.system.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RollingMeanTests {

    @Test
    void emptyMeanIsZero() {
        RollingMean mean = new RollingMean(3);
        assertThat(mean.mean()).isZero();
        mean.push(4);
        mean.clear();
        assertThat(mean.mean()).isZero();
    }

    @Test
    void meanOfTheValuesSoFarUntilTheWindowFills() {
        RollingMean mean = new RollingMean(4);
        mean.push(1);
        mean.push(2);
        assertThat(mean.mean()).isEqualTo(1.5);
    }

    @Test
    void keepsOnlyTheLastWindowValues() {
        RollingMean mean = new RollingMean(3);
        for (int v = 1; v <= 10; v++) {
            mean.push(v);
        }
        assertThat(mean.mean()).isEqualTo((8 + 9 + 10) / 3.0);
    }

    @Test
    void aWindowBelowOneKeepsOneValue() {
        RollingMean mean = new RollingMean(0);
        mean.push(5);
        mean.push(7);
        assertThat(mean.mean()).isEqualTo(7);
    }

    /** Odometry's speeds feed reproducible episodes: the sum must round as a sum oldest-first does, bit for bit. */
    @Test
    void sumsOldestFirstBitForBit() {
        Random random = new Random(42);
        double[] pushed = new double[1000];
        RollingMean mean = new RollingMean(10);
        for (int i = 0; i < pushed.length; i++) {
            pushed[i] = random.nextGaussian() * Math.pow(10, random.nextInt(12) - 6);
            mean.push(pushed[i]);
            int from = Math.max(0, i - 9);
            double sum = 0;
            for (int j = from; j <= i; j++) {
                sum += pushed[j];
            }
            assertThat(mean.mean()).isEqualTo(sum / (i - from + 1));
        }
        mean.clear();
        mean.push(3);
        assertThat(mean.mean()).isEqualTo(3);
    }
}
