package io.orrery.runner.port;

import io.orrery.lifecycle.SimState;
import java.util.Set;

/**
 * A command refused because a controller holds the simulation ({@link ControllerHold#acquire}): only the
 * holder steps, resumes, resets and publishes until it releases it or its connection closes.
 */
public final class ControlHeldException extends CommandRefusedException {

    private static final long serialVersionUID = 1L;

    private final String holder;

    public ControlHeldException(String command, String holder, SimState state, Set<String> allowed) {
        super(
                "cannot " + command + ": the simulation is held by " + holder + " (state " + state + "); allowed: "
                        + (allowed.isEmpty() ? "none" : String.join(", ", allowed)),
                command,
                state,
                allowed);
        this.holder = holder;
    }

    /** Who holds the simulation, as it named itself when it acquired it. */
    public String holder() {
        return holder;
    }
}
