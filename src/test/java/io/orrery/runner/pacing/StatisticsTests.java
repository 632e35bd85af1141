package io.orrery.runner.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class StatisticsTests {

    private static final long MS = 1_000_000;
    private static final long STEP = MS;

    private long wall = 5_000 * MS; // the wall clock's origin is arbitrary
    private long sim;

    /** Records a step that took {@code cycle} after sleeping {@code padding}. */
    private void step(Statistics stats, long padding, long cycle) {
        wall += padding + cycle;
        sim += STEP;
        stats.record(wall, sim, STEP, cycle, padding);
    }

    /** A step batch of a paused world counts its steps and cycle times, but is no achieved real-time factor. */
    @Test
    void aBatchLeavesTheAchievedFactorsAsTheyWere() {
        Statistics stats = new Statistics(1000, 1);
        stats.start(wall, sim);
        for (int i = 0; i < 1000; i++) {
            step(stats, 3 * MS / 4, MS / 4); // real time
        }
        stats.pause(wall, sim);
        wall += 10_000 * MS; // paused for ten seconds

        stats.startBatch(wall, sim);
        for (int i = 0; i < 500; i++) {
            step(stats, 0, MS / 20); // unpaced: twenty times real time
        }
        stats.pause(wall, sim);

        StatisticsSnapshot after = stats.snapshot();
        assertThat(after.achievedFactorWindow()).isCloseTo(1.0, within(1e-12));
        assertThat(after.achievedFactorSinceStart()).isCloseTo(1.0, within(1e-12));
        assertThat(after.steps()).isEqualTo(1500);
        assertThat(after.cycleSeconds().count()).isEqualTo(1500);
        assertThat(after.achievedFactor().max()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void windowedFactorFollowsTheLastStepsWhileSinceStartAveragesTheRun() {
        Statistics stats = new Statistics(1000, 1);
        stats.start(wall, sim);

        for (int i = 0; i < 1000; i++) {
            step(stats, 3 * MS / 4, MS / 4); // real time: 1 ms of wall per 1 ms step
        }
        StatisticsSnapshot realTime = stats.snapshot();
        for (int i = 0; i < 1000; i++) {
            step(stats, 3 * MS / 2, MS / 2); // half real time: 2 ms of wall per step
        }
        StatisticsSnapshot halfSpeed = stats.snapshot();

        assertThat(realTime.achievedFactorWindow()).isCloseTo(1.0, within(1e-12));
        assertThat(realTime.achievedFactorSinceStart()).isCloseTo(1.0, within(1e-12));
        assertThat(halfSpeed.achievedFactorWindow()).isCloseTo(0.5, within(1e-12));
        assertThat(halfSpeed.achievedFactorSinceStart()).isCloseTo(2.0 / 3.0, within(1e-12));
        assertThat(halfSpeed.steps()).isEqualTo(2000);
        assertThat(halfSpeed.simSeconds()).isEqualTo(2.0);
        assertThat(halfSpeed.wallSeconds()).isCloseTo(3.0, within(1e-12));
        assertThat(halfSpeed.achievedFactor().min()).isCloseTo(0.5, within(1e-12));
        assertThat(halfSpeed.achievedFactor().max()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void summarisesCyclePaddingAndAchievableFactorPerStep() {
        Statistics stats = new Statistics(10, 1);
        stats.start(wall, sim);
        long[] cycles = {MS / 2, MS / 4, MS / 4, MS / 2};

        for (long cycle : cycles) {
            step(stats, STEP - cycle, cycle);
        }
        StatisticsSnapshot snapshot = stats.snapshot();

        assertThat(snapshot.cycleSeconds().count()).isEqualTo(4);
        assertThat(snapshot.cycleSeconds().mean()).isCloseTo(0.000375, within(1e-15));
        assertThat(snapshot.cycleSeconds().std()).isCloseTo(0.000125, within(1e-15));
        assertThat(snapshot.cycleSeconds().min()).isEqualTo(0.00025);
        assertThat(snapshot.cycleSeconds().max()).isEqualTo(0.0005);
        assertThat(snapshot.paddingSeconds().mean()).isCloseTo(0.000625, within(1e-15));
        // Step over cycle: 2, 4, 4, 2.
        assertThat(snapshot.achievableFactor()).isEqualTo(new StatisticsSnapshot.Summary(4, 2, 4, 3, 1));
    }

    @Test
    void timeSpentPausedDoesNotLowerTheAchievedFactor() {
        Statistics stats = new Statistics(100, 1);
        stats.start(wall, sim);
        for (int i = 0; i < 500; i++) {
            step(stats, MS / 2, MS / 2);
        }
        stats.pause(wall, sim);
        wall += 10_000 * MS;
        stats.start(wall, sim);
        for (int i = 0; i < 500; i++) {
            step(stats, MS / 2, MS / 2);
        }

        StatisticsSnapshot snapshot = stats.snapshot();
        assertThat(snapshot.achievedFactorSinceStart()).isCloseTo(1.0, within(1e-12));
        assertThat(snapshot.wallSeconds()).isCloseTo(1.0, within(1e-12));
        assertThat(snapshot.achievedFactor().min()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void publishesEveryNStepsForOtherThreads() throws InterruptedException {
        Statistics stats = new Statistics(10, 100);
        stats.start(wall, sim);
        for (int i = 0; i < 99; i++) {
            step(stats, 0, MS);
        }
        assertThat(stats.snapshot()).as("not yet published").isSameAs(StatisticsSnapshot.EMPTY);

        step(stats, 0, MS);
        AtomicReference<StatisticsSnapshot> seenElsewhere = new AtomicReference<>();
        Thread reader = new Thread(() -> seenElsewhere.set(stats.snapshot()));
        reader.start();
        reader.join();

        assertThat(seenElsewhere.get().steps()).isEqualTo(100);
        step(stats, 0, MS);
        assertThat(stats.snapshot().steps()).isEqualTo(100);
        assertThat(stats.publish().steps()).isEqualTo(101);
        assertThat(stats.snapshot().steps()).isEqualTo(101);
    }

    @Test
    void countsDroppedStepsUntilAReset() {
        Statistics stats = new Statistics(10, 100);
        stats.start(wall, sim);
        step(stats, 0, MS);
        stats.recordDroppedSteps(4000);
        stats.recordDroppedSteps(0);
        stats.recordDroppedSteps(2);

        assertThat(stats.snapshot().droppedSteps())
                .as("published with the next snapshot")
                .isZero();
        assertThat(stats.publish().droppedSteps()).isEqualTo(4002);
        assertThatThrownBy(() -> stats.recordDroppedSteps(-1)).hasMessage("dropped steps must be >= 0, got -1");
        stats.reset();
        assertThat(stats.publish().droppedSteps()).isZero();
    }

    @Test
    void resetReturnsToZero() {
        Statistics stats = new Statistics(10, 1);
        stats.start(wall, sim);
        step(stats, MS, MS);
        assertThat(stats.snapshot().steps()).isEqualTo(1);

        stats.reset();

        assertThat(stats.snapshot()).isEqualTo(StatisticsSnapshot.EMPTY);
        assertThat(stats.publish()).isEqualTo(StatisticsSnapshot.EMPTY);
        assertThatThrownBy(() -> stats.record(wall, sim, STEP, MS, 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("start(wallNanos, simNanos)");
        stats.start(wall, sim);
        step(stats, 0, 2 * MS);
        assertThat(stats.snapshot().achievedFactorSinceStart()).isCloseTo(0.5, within(1e-12));
        assertThat(stats.snapshot().cycleSeconds().count()).isEqualTo(1);
    }
}
