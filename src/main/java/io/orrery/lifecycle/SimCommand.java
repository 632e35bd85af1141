package io.orrery.lifecycle;

import java.util.Locale;

/**
 * A command a user gives the simulation, accepted in the states {@link SimulationMachine#acceptedCommands} lists for
 * it, from the same table as the lifecycle's edges. Commands are taken where the runner rests: {@code CONNECT} while
 * the world loads (and {@code RESET} while a reload's world loads), {@code STEP_END} while it steps, and
 * {@code PAUSE}.
 */
public enum SimCommand {
    PAUSE,
    RESUME,
    STEP,
    STOP,
    RESET,
    RELOAD,
    RUN_TO,
    REAL_TIME_FACTOR,
    SPAWN,
    REMOVE,
    TELEPORT,
    SET_STATIC;

    /** The name users see, in refusals and in {@code allowedCommands}: lower case, hyphenated ({@code run-to}). */
    public String displayName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
