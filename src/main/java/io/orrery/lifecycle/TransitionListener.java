package io.orrery.lifecycle;

/** Told about each accepted transition, on the owner thread, after the state has changed. */
@FunctionalInterface
public interface TransitionListener {

    /** Called once per accepted event; {@code to} is already the machine's current state. */
    void onTransition(SimState from, SimState to, SimEvent event);
}
