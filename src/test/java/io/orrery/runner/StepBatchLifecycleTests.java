package io.orrery.runner;

import static io.orrery.runner.LockstepTests.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.event.Events;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.runner.port.StepSpan;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerSpec;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Step batches leave the lifecycle machine in Pause. A batch of no controller's is one StepBegin…StepEnd span to
 * observers (the {@code steps} event); a holding controller's steps are neither transitions nor spans (the hold is
 * one stretch of Pause). A pause or a stop that ends a batch early ends its span first, with the steps taken.
 */
class StepBatchLifecycleTests {

    /** diff_drive.sdf's step: 1 ms. */
    private static final double STEP_SECONDS = 0.001;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** Transitions ("RESUME") and spans ("STEP_BEGIN 0 5"), in the order the runner told them. */
    private final List<String> seen = new CopyOnWriteArrayList<>();

    private final List<StepSpan> spans = new CopyOnWriteArrayList<>();

    private SimulationRunner runner;

    @BeforeEach
    void start() throws Exception {
        sim.events((event, payload) -> {
            if (event.equals(Events.STEPS) && payload instanceof StepSpan span) {
                spans.add(span);
                seen.add(span.at() + " " + span.iteration() + " " + span.steps());
            }
        });
        runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
        runner.addListener(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                seen.add(to.name());
            }
        });
    }

    @Test
    void aBatchIsOneSpanAndNoTransitions() throws Exception {
        get(runner.hold().step(StepRequest.steps(5)));
        get(runner.hold().step(StepRequest.steps(2)));

        assertThat(seen).containsExactly("STEP_BEGIN 0 5", "STEP_END 5 5", "STEP_BEGIN 5 2", "STEP_END 7 2");
        assertThat(spans.get(1).simTime()).isCloseTo(5 * STEP_SECONDS, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(spans.get(2).simTime()).isEqualTo(spans.get(1).simTime());
        assertThat(runner.reads().currentState()).isEqualTo(SimState.PAUSE);
        assertThat(runner.reads().status().paused()).isTrue();
    }

    @Test
    void aHoldersStepsAreNeitherTransitionsNorSpans() throws Exception {
        ControlHandle handle = get(runner.hold().acquire("test"));
        for (int i = 0; i < 3; i++) {
            StepResult r = get(handle.step(StepRequest.steps(5)));
            assertThat(r.status().state()).isEqualTo(SimState.PAUSE);
            assertThat(r.status().paused()).isTrue();
        }
        get(handle.release());

        assertThat(seen).isEmpty();
        assertThat(runner.reads().status().iterations()).isEqualTo(15);
        get(runner.hold().step(StepRequest.steps(1))); // released: a batch is a span again
        assertThat(seen).containsExactly("STEP_BEGIN 15 1", "STEP_END 16 1");
    }

    @Test
    void aPauseEndsTheSpanWithTheStepsTaken() throws Exception {
        runner.reads().triggers().add(new TriggerSpec("early", "time=0.003", "pause", false).parse(Trigger.SOURCE_API));

        SimulationStatus status = get(runner.control().step(10));

        assertThat(status.iterations()).isEqualTo(3);
        assertThat(seen).containsExactly("STEP_BEGIN 0 10", "STEP_END 3 3");
        assertThat(runner.reads().currentState()).isEqualTo(SimState.PAUSE);
    }

    @Test
    void aStopEndsTheSpanBeforeTheMachineWalksToStop() throws Exception {
        runner.reads().triggers().add(new TriggerSpec("end", "time=0.002", "stop", false).parse(Trigger.SOURCE_API));

        runner.control().step(10);
        runner.finished().get(30, TimeUnit.SECONDS);

        assertThat(seen)
                .containsExactly(
                        "STEP_BEGIN 0 10",
                        "STEP_END 2 2",
                        "RESUME",
                        "STEP_BEGIN",
                        "STEP_SIMULATOR",
                        "STEP_CONTROLLER",
                        "STEP_END",
                        "STOP",
                        "DISCONNECT");
    }
}
