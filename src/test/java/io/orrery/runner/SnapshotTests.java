package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.plugin.WorldSnapshot;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What readers off the runner thread (HTTP, plugins, metrics) see of the world. */
class SnapshotTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void afterAResetAReaderSeesTheWorldAsLoadedNotTheWorldBefore() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        // 31 steps: the old cache key (version * 31 + iterations) of the world before equalled the one after.
        runner.control().step(31).get(10, TimeUnit.SECONDS);
        WorldSnapshot before = runner.reads().snapshot();
        assertThat(before.iteration()).isEqualTo(31);
        // The ball fell for 31 ms from rest: g t^2 / 2 = 4.7 mm.
        assertThat(before.model("ball").orElseThrow().pose().z())
                .isCloseTo(3.0 - 9.8 * 0.031 * 0.031 / 2, within(2e-4));

        runner.control().reset().get(10, TimeUnit.SECONDS);
        WorldSnapshot after = runner.reads().snapshot();

        assertThat(after.iteration()).isZero();
        assertThat(after.simTimeNanos()).isZero();
        assertThat(after.model("ball").orElseThrow().pose().z()).isEqualTo(3.0);
        assertThat(after.model("ball").orElseThrow().velocity().linear().length())
                .isZero();
    }

    @Test
    void aSnapshotIsServedWhileAStepBatchRuns() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        var batch = runner.control().step(50_000_000);
        RunnerFixture.await(() -> runner.reads().status().iterations() > 100, "the batch under way");

        WorldSnapshot during = runner.reads().snapshot();

        assertThat(batch).isNotDone();
        assertThat(during.iteration()).isGreaterThan(100);
        assertThat(during.modelNames()).containsExactly("ground", "box", "ball");
        runner.control().pause().get(10, TimeUnit.SECONDS);
        assertThat(batch.get(10, TimeUnit.SECONDS).iterations()).isLessThan(50_000_000);
    }
}
