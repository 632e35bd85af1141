package io.orrery.runner.port;

import io.orrery.lifecycle.SimState;
import java.util.Set;

/** A runner command that is not allowed in the current state. The message names the state and what is allowed. */
public class CommandRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String command;
    private final SimState state;
    private final transient Set<String> allowed;

    /** @param allowed the commands allowed in {@code state}, in the order they should be listed */
    public CommandRefusedException(String command, SimState state, Set<String> allowed) {
        this(
                "cannot " + command + " in state " + state + "; allowed: "
                        + (allowed.isEmpty() ? "none" : String.join(", ", allowed)),
                command,
                state,
                allowed);
    }

    /** A refusal with its own message, which still names the state and what is allowed. */
    protected CommandRefusedException(String message, String command, SimState state, Set<String> allowed) {
        super(message);
        this.command = command;
        this.state = state;
        this.allowed = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(allowed));
    }

    public String command() {
        return command;
    }

    public SimState state() {
        return state;
    }

    public Set<String> allowed() {
        return allowed;
    }
}
