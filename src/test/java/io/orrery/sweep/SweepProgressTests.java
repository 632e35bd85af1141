package io.orrery.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A sweep's progress lines, on a clock the test moves: done of total, elapsed, the estimate, a line while none ends. */
class SweepProgressTests {

    private static final long S = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong(5 * S);
    private final List<String> lines = new ArrayList<>();

    private static LocalSweep.Outcome outcome(int index, String name, String outcome, int exit, String why) {
        return new LocalSweep.Outcome(index, name, "/worlds/w.sdf", exit, outcome, why, 1, 1, Path.of("r.json"));
    }

    @Test
    void eachEndSaysDoneOfTotalElapsedAndTheTimeLeftFromTheMeanSoFar() {
        SweepProgress progress = new SweepProgress(3, clock::get, lines::add);

        progress.started(0, "settles");
        progress.started(1, "deadline");
        clock.addAndGet(20 * S);
        progress.finished(outcome(1, "deadline", "failure", 9, "trigger 'deadline' (time=0.2 → fail)"));

        assertThat(lines)
                .containsExactly(
                        "[0/3 done, 0.0 s elapsed, no estimate before one ends] scenario 0 settles started",
                        "[0/3 done, 0.0 s elapsed, no estimate before one ends] scenario 1 deadline started",
                        "[1/3 done, 20 s elapsed, about 40 s left] scenario 1 deadline: failure (exit 9) in 20 s:"
                                + " trigger 'deadline' (time=0.2 → fail)");
        clock.addAndGet(70 * S);
        progress.finished(outcome(0, "settles", "success", 0, ""));
        assertThat(lines.get(3))
                .isEqualTo("[2/3 done, 1 min 30 s elapsed, about 45 s left] scenario 0 settles: success (exit 0) in"
                        + " 1 min 30 s");
    }

    @Test
    void whileNoneEndsALineNamesWhatRunsEveryTenSeconds() {
        SweepProgress progress = new SweepProgress(2, clock::get, lines::add);
        progress.started(0, "long");

        clock.addAndGet(SweepProgress.HEARTBEAT_NANOS - 1);
        progress.heartbeat();
        assertThat(lines).hasSize(1);
        clock.addAndGet(1);
        progress.heartbeat();

        assertThat(lines)
                .last()
                .isEqualTo("[0/2 done, 10 s elapsed, no estimate before one ends] running: 0 long for 10 s");
        progress.heartbeat();
        assertThat(lines).as("the next only ten seconds later").hasSize(2);
    }

    @Test
    void theEstimateIsNoneLeftAtTheEnd() {
        assertThat(SweepProgress.estimate(10 * S, 2, 2)).isEqualTo("none left");
        assertThat(SweepProgress.duration(400_000_000L)).isEqualTo("0.4 s");
    }
}
