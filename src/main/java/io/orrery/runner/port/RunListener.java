package io.orrery.runner.port;

import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.WorldView;

/** Told what the runner does, on the runner thread: keep it short and never block. */
public interface RunListener {

    /** A lifecycle transition of the state machine. */
    default void onTransition(SimState from, SimState to, SimEvent event) {}

    /**
     * A command from outside the loop was applied, after the last step the loop took (at StepEnd, or in Pause).
     * Reads are not told.
     */
    default void onCommandApplied(AppliedCommand command) {}

    /**
     * A step has ended: every system has seen it, no command has been applied since. {@code world} may only be read,
     * and only during the call.
     */
    default void onStepped(long iteration, long simTimeNanos, WorldView world) {}

    /** The run has ended (Disconnect): the result is final and the world is closed. */
    default void onFinished(RunResult result) {}
}
