package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.SimulationStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A step batch ends at the next StepEnd when told to, and answers with the steps it took. */
class StepBatchTests {

    /** More steps than any test waits for (hours at factor 0): only an interruption ends these batches. */
    private static final long ENDLESS = 1_000_000_000L;

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void aStopEndsABatchAtTheNextStepEnd() throws Exception {
        SimulationRunner runner = pausedRunner();
        CompletableFuture<SimulationStatus> batch = runner.control().step(ENDLESS);
        RunnerFixture.await(() -> runner.reads().status().iterations() > 100, "the batch under way");

        runner.control().stop();
        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
        assertThat(result.iterations()).isLessThan(ENDLESS);
        assertThat(batch.get(10, TimeUnit.SECONDS).iterations()).isEqualTo(result.iterations());
    }

    @Test
    void aPauseEndsABatchWhichAnswersWithTheStepsTaken() throws Exception {
        SimulationRunner runner = pausedRunner();
        CompletableFuture<SimulationStatus> batch = runner.control().step(ENDLESS);
        RunnerFixture.await(() -> runner.reads().status().iterations() > 100, "the batch under way");

        SimulationStatus paused = runner.control().pause().get(10, TimeUnit.SECONDS);
        SimulationStatus answered = batch.get(10, TimeUnit.SECONDS);

        assertThat(answered.state()).isEqualTo(SimState.PAUSE);
        assertThat(answered.iterations()).isEqualTo(paused.iterations()).isLessThan(ENDLESS);
        assertThat(answered.simTimeNanos()).isEqualTo(answered.iterations() * 1_000_000);
        assertThat(runner.control().step(5).get(10, TimeUnit.SECONDS).iterations())
                .isEqualTo(answered.iterations() + 5);
    }

    @Test
    void aResumePostedDuringABatchWaitsForItsEnd() throws Exception {
        SimulationRunner runner = pausedRunner();
        CompletableFuture<SimulationStatus> batch = runner.control().step(2000);
        CompletableFuture<SimulationStatus> resumed = runner.control().resume();

        assertThat(batch.get(10, TimeUnit.SECONDS).iterations()).isEqualTo(2000);
        assertThat(resumed.get(10, TimeUnit.SECONDS).paused()).isFalse();
    }

    /**
     * Steps of a paused world are not a real-time factor achieved: one Step on the dashboard showed "achieved 19.42"
     * and rescaled its plot. The factor stays what it was before the batch (0 for a world never run), and so does the
     * factor over the whole run.
     */
    @Test
    void aBatchWhilePausedIsNotAnAchievedRealTimeFactor() throws Exception {
        SimulationRunner runner = pausedRunner();
        assertThat(runner.reads().status().achievedRealTimeFactor()).isZero();

        SimulationStatus stepped = runner.control().step(500).get(30, TimeUnit.SECONDS);

        assertThat(stepped.iterations()).isEqualTo(500);
        assertThat(stepped.achievedRealTimeFactor()).isZero();
        assertThat(runner.reads().status().achievedRealTimeFactor()).isZero();
        assertThat(runner.reads().statistics().achievedFactorSinceStart()).isZero();
        assertThat(runner.reads().statistics().steps())
                .as("the steps still count")
                .isEqualTo(500);
    }

    private SimulationRunner pausedRunner() throws Exception {
        return fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
    }
}
