package io.orrery.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Token buckets per key and in all, on a clock the test moves. */
class LogRateTests {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);

    @Test
    void aKeyWritesItsBurstThenItsRateAndIsToldWhatWasLeftOut() {
        LogRate rate = new LogRate(now::get, 3, 1, 100, 100, 10);

        assertThat(rate.admit("a")).isZero();
        assertThat(rate.admit("a")).isZero();
        assertThat(rate.admit("a")).isZero();
        assertThat(rate.admit("a")).isEqualTo(-1);
        assertThat(rate.admit("a")).isEqualTo(-1);
        assertThat(rate.admit("b")).as("another key has its own bucket").isZero();

        now.addAndGet(1_000_000_000L); // one more line's worth for "a"
        assertThat(rate.admit("a")).isEqualTo(2);
        assertThat(rate.admit("a")).isEqualTo(-1);
    }

    @Test
    void allKeysTogetherShareTheTotalBucket() {
        LogRate rate = new LogRate(now::get, 5, 1, 4, 2, 100);

        long written = 0;
        for (int key = 0; key < 10; key++) {
            if (rate.admit(key) >= 0) {
                written++;
            }
        }
        assertThat(written).isEqualTo(4);

        now.addAndGet(500_000_000L); // half a second at 2 a second: one line
        assertThat(rate.admit(9)).isEqualTo(1);
        assertThat(rate.admit(8)).isEqualTo(-1);
    }
}
