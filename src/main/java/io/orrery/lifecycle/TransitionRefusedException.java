package io.orrery.lifecycle;

import java.util.Set;
import java.util.stream.Collectors;

/** An event that is not allowed in the current state; the state has not changed. */
public final class TransitionRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final SimEvent event;
    private final SimState state;
    private final transient Set<SimEvent> allowed;

    public TransitionRefusedException(SimEvent event, SimState state, Set<SimEvent> allowed) {
        super(message(event, state, allowed));
        this.event = event;
        this.state = state;
        this.allowed = Set.copyOf(allowed);
    }

    /** The refused event. */
    public SimEvent event() {
        return event;
    }

    /** The state the machine was (and still is) in. */
    public SimState state() {
        return state;
    }

    /** The events that are allowed in {@link #state()}; each leads to the state of the same name. */
    public Set<SimEvent> allowed() {
        return allowed;
    }

    private static String message(SimEvent event, SimState state, Set<SimEvent> allowed) {
        String list = allowed.isEmpty()
                ? "none"
                : allowed.stream().sorted().map(SimEvent::displayName).collect(Collectors.joining(", "));
        return "cannot " + event.displayName() + " in state " + state + "; allowed: " + list;
    }
}
