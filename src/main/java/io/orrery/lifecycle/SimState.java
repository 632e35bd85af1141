package io.orrery.lifecycle;

/** A state of the simulation lifecycle (Cloe's simulation machine). CONNECT is the initial state. */
public enum SimState {
    CONNECT,
    START,
    STEP_BEGIN,
    STEP_SIMULATOR,
    STEP_CONTROLLER,
    STEP_END,
    PAUSE,
    RESUME,
    STOP,
    RESET,
    ABORT,
    DISCONNECT
}
