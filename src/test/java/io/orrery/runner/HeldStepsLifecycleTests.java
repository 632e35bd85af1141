package io.orrery.runner;

import static io.orrery.runner.LockstepTests.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.system.GazeboSystemRunner;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A holding controller's steps leave the lifecycle machine in Pause (the hold is one stretch of Pause), while a
 * step batch of no one's walks Pause → Resume → StepBegin … StepEnd → Pause.
 */
class HeldStepsLifecycleTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void aHoldersStepsFireNoTransitionsAndEndInPause() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
        List<SimState> transitions = new CopyOnWriteArrayList<>();
        runner.addListener(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                transitions.add(to);
            }
        });

        get(runner.step(StepRequest.steps(5)));
        assertThat(transitions)
                .containsExactly(
                        SimState.RESUME,
                        SimState.STEP_BEGIN,
                        SimState.STEP_SIMULATOR,
                        SimState.STEP_CONTROLLER,
                        SimState.STEP_END,
                        SimState.PAUSE);

        transitions.clear();
        ControlHandle handle = get(runner.acquireControl("test"));
        for (int i = 0; i < 3; i++) {
            StepResult r = get(handle.step(StepRequest.steps(5)));
            assertThat(r.status().state()).isEqualTo(SimState.PAUSE);
            assertThat(r.status().paused()).isTrue();
        }
        get(handle.release());

        assertThat(transitions).isEmpty();
        assertThat(runner.status().iterations()).isEqualTo(20);
        assertThat(runner.currentState()).isEqualTo(SimState.PAUSE);
        get(runner.step(StepRequest.steps(1))); // released: a batch walks the machine again, from Pause
        assertThat(transitions).endsWith(SimState.STEP_END, SimState.PAUSE);
    }
}
