package io.orrery.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UpdateInfoTests {

    @Test
    void simTimeIsAnExactCountOfNanosecondsAfterManySteps() {
        long step = 1_000_000; // 1 ms
        UpdateInfo info = UpdateInfo.START;
        double summedSeconds = 0;
        for (int i = 0; i < 1_000_000; i++) {
            info = info.next(step, 0);
            summedSeconds += 0.001;
        }

        assertThat(info.simTimeNanos()).isEqualTo(1_000_000_000_000L);
        assertThat(info.simTimeSeconds()).isEqualTo(1000.0);
        assertThat(info.iterations()).isEqualTo(1_000_000);
        assertThat(summedSeconds).as("what summing seconds would give").isNotEqualTo(1000.0);
    }

    @Test
    void pausedInfoKeepsSimTimeAndIterationsAndHasNoStep() {
        UpdateInfo running = UpdateInfo.START.next(2_000_000, 5).next(2_000_000, 9);
        UpdateInfo paused = running.pausedAt(1_000);

        assertThat(paused).isEqualTo(new UpdateInfo(4_000_000, 1_000, 0, 2, true));
        assertThat(paused.dtSeconds()).isZero();
        assertThat(running.dtSeconds()).isEqualTo(0.002);
    }

    @Test
    void refusesInconsistentValues() {
        assertThatThrownBy(() -> new UpdateInfo(-1, 0, 0, 0, false)).hasMessage("simTimeNanos must be >= 0, got -1");
        assertThatThrownBy(() -> new UpdateInfo(0, 0, 5, 0, true)).hasMessage("dtNanos must be 0 while paused, got 5");
        assertThatThrownBy(() -> UpdateInfo.START.next(0, 0)).hasMessage("stepNanos must be > 0, got 0");
    }
}
