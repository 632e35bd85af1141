package io.orrery.lifecycle;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The simulation lifecycle state machine. It starts in {@link SimState#CONNECT}; there is no way back to
 * CONNECT, so a full reload builds a new machine with {@link #create()}.
 *
 * <p>Driven from one owner thread: the first thread that fires (or the one given to {@link #bindTo(Thread)}).
 * {@link #fire(SimEvent)} from any other thread throws {@link IllegalStateException}. {@link #state()},
 * {@link #allowedEvents()} and {@link #addListener(TransitionListener)} may be called from any thread.
 */
public interface SimulationMachine {

    /** A new machine in CONNECT, with no owner thread yet. */
    static SimulationMachine create() {
        return new SpringSimulationMachine();
    }

    /** Every edge of Cloe's diagram. */
    static List<SimTransition> transitions() {
        return SimTransitions.ALL;
    }

    /** The events allowed in a state (unmodifiable; empty in DISCONNECT). */
    static Set<SimEvent> allowedEvents(SimState state) {
        return SimTransitions.allowed(state);
    }

    /**
     * The commands accepted in {@code state}, in the order a refusal lists them: empty except where the runner takes
     * commands (CONNECT and RESET while a world loads, STEP_END while stepping, PAUSE).
     */
    static Set<SimCommand> acceptedCommands(SimState state) {
        return SimTransitions.commands(state);
    }

    /**
     * The events that lead from {@code from} to {@code to} along the fewest of Cloe's edges (StepBegin to Pause passes
     * StepSimulator, StepController and StepEnd), never through Abort; empty when they are the same state.
     *
     * @throws IllegalStateException when no such walk exists
     */
    static List<SimEvent> path(SimState from, SimState to) {
        List<SimEvent> path = SimTransitions.path(from, to);
        if (path == null) {
            throw new IllegalStateException("no way from " + from + " to " + to + " in the simulation machine");
        }
        return path;
    }

    /** The current state. */
    SimState state();

    /** The events allowed in the current state. */
    default Set<SimEvent> allowedEvents() {
        return allowedEvents(state());
    }

    /**
     * Fires the transition for {@code event} and then tells the listeners.
     *
     * @throws TransitionRefusedException when the event is not allowed in the current state (state unchanged)
     * @throws IllegalStateException when called from a thread other than the owner
     */
    void fire(SimEvent event);

    /**
     * Makes {@code owner} the only thread allowed to fire. Allowed while there is no owner yet, or from the
     * current owner (to hand the machine over); otherwise throws {@link IllegalStateException}.
     */
    void bindTo(Thread owner);

    /** The owner thread, empty until the first fire or {@link #bindTo(Thread)}. */
    Optional<Thread> owner();

    /**
     * Adds a listener, called after each accepted transition in the order listeners were added. If one throws,
     * the others are still called and the first exception is rethrown from {@link #fire(SimEvent)} (the
     * transition stands).
     */
    void addListener(TransitionListener listener);
}
