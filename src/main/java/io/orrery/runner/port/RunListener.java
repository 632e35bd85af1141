package io.orrery.runner.port;

import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;

/** Told what the runner does, on the runner thread: keep it short and never block. */
public interface RunListener {

    /** A lifecycle transition of the state machine. */
    default void onTransition(SimState from, SimState to, SimEvent event) {}

    /** The run has ended (Disconnect): the result is final and the world is closed. */
    default void onFinished(RunResult result) {}
}
