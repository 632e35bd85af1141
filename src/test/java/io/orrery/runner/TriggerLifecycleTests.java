package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.SimState;
import io.orrery.runner.loop.RunTransitions;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Triggers fired by lifecycle changes act once the change is complete, and Cloe's paused-cycle triggers. */
class TriggerLifecycleTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void aStartTriggerThatPausesPausesBeforeTheFirstStep() throws Exception {
        SimulationRunner runner = fixture.start(
                RunnerFixture.LIFECYCLE_WORLD,
                RunnerSettings.defaults().withTriggers(List.of(new TriggerSpec("hold", "start", "pause", false))));

        RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "the start trigger's pause");

        assertThat(runner.reads().status().iterations()).isZero();
        assertThat(runner.reads().triggers().history())
                .singleElement()
                .satisfies(f -> assertThat(f.label()).isEqualTo("hold"));
        assertThat(runner.control().step(5).get(10, TimeUnit.SECONDS).iterations())
                .isEqualTo(5);
    }

    @Test
    void aPauseTriggerAddedWhilePausedFiresOnTheNextPausedCycleAndResumes() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        assertThat(runner.reads().status().iterations()).isZero();

        runner.reads().triggers().add(new TriggerSpec("go", "pause", "resume", false).parse(Trigger.SOURCE_API));

        RunnerFixture.await(() -> runner.reads().status().iterations() > 10, "steps after the resume");
        assertThat(runner.reads().status().paused()).isFalse();
        assertThat(runner.reads().triggers().history())
                .extracting(f -> f.label())
                .containsExactly("go");
    }

    @Test
    void aLoopTriggerFiresWhilePaused() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);

        runner.reads()
                .triggers()
                .add(new TriggerSpec("tick", "loop", "log=info: tick", false).parse(Trigger.SOURCE_API));

        RunnerFixture.await(() -> !runner.reads().triggers().history().isEmpty(), "the loop trigger");
        assertThat(runner.reads().triggers().history()).singleElement().satisfies(f -> {
            assertThat(f.label()).isEqualTo("tick");
            assertThat(f.simTimeNanos()).isZero();
        });
        assertThat(runner.reads().status().iterations()).isZero();
    }

    @Test
    void triggersThatFireEachOtherForeverAreCutOffAndTheRunGoesOn() throws Exception {
        SimulationRunner runner = fixture.start(
                RunnerFixture.LIFECYCLE_WORLD,
                RunnerSettings.defaults()
                        .withStartPaused(true)
                        .withTriggers(List.of(new TriggerSpec("again", "reset", "reset", true))));
        RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "pause");

        // 101 resets, each rebuilding the physics: the wait guards against a hang (an endless chain would never
        // answer), not speed; a 2-core machine under a full parallel build took over 10 s for them
        runner.control().reset().get(120, TimeUnit.SECONDS);
        // The step runs after the chain the reset set off: the runner settles trigger actions before commands.
        assertThat(runner.control().step(3).get(120, TimeUnit.SECONDS).iterations())
                .isEqualTo(3);

        assertThat(runner.reads().triggers().history()).hasSize(RunTransitions.MAX_CHAINED_ACTIONS + 1);
        assertThat(runner.reads().status().outcome()).isEmpty();
    }
}
