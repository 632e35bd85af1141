package io.orrery.runner.port;

import io.orrery.lifecycle.SimState;
import java.util.Set;

/**
 * A command that would step a world whose physics engine has failed in a step, refused (or a step batch the failure
 * cut short): the message names the failure, the state and what is allowed (a reset or a reload rebuilds the world).
 */
public class PhysicsFailedException extends CommandRefusedException {

    private static final long serialVersionUID = 1L;

    public PhysicsFailedException(String command, String failure, SimState state, Set<String> allowed) {
        super(
                "cannot " + command + ": " + failure + "; the world is paused until a reset or reload rebuilds it;"
                        + " allowed in state " + state + ": " + String.join(", ", allowed),
                command,
                state,
                allowed);
    }
}
