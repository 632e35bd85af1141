package io.orrery.lifecycle;

import java.util.Locale;

/**
 * An event of the simulation lifecycle, named after the state it leads to: every edge of the diagram is
 * fired by the event of its target state. So an event has exactly one target, and a state has at most one
 * outgoing edge per event. No event leads to CONNECT, the initial state: a full reload builds a new machine.
 */
public enum SimEvent {
    START(SimState.START),
    STEP_BEGIN(SimState.STEP_BEGIN),
    STEP_SIMULATOR(SimState.STEP_SIMULATOR),
    STEP_CONTROLLER(SimState.STEP_CONTROLLER),
    STEP_END(SimState.STEP_END),
    PAUSE(SimState.PAUSE),
    RESUME(SimState.RESUME),
    STOP(SimState.STOP),
    RESET(SimState.RESET),
    ABORT(SimState.ABORT),
    DISCONNECT(SimState.DISCONNECT);

    private final SimState target;

    SimEvent(SimState target) {
        this.target = target;
    }

    /** The state this event leads to, from whichever state allows it. */
    public SimState target() {
        return target;
    }

    /** The lower-case name used in messages, e.g. {@code step_begin}. */
    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
