package io.orrery.runner;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What the runner thread is doing, the coarse state commands are accepted or refused by. */
enum Mode {
    /** A world is being built or its plugins are starting. */
    LOADING,
    /** Stepping (paced, in a batch, or running to a sim time). */
    RUNNING,
    /** In Pause: systems are called with dt 0, time does not advance. */
    PAUSED,
    /** Disconnected: the run has ended. */
    DONE;

    /** The commands accepted in this mode, in the order a refusal lists them. */
    /** The commands allowed to anyone but the controller while a controller holds the simulation. */
    static final Set<String> HELD_COMMANDS = ordered("stop");

    Set<String> allowedCommands() {
        return switch (this) {
            case RUNNING -> ordered("pause", "stop", "reset", "reload", "run-to", "real-time-factor", "spawn",
                    "remove", "teleport", "set-static");
            case PAUSED -> ordered("resume", "step", "stop", "reset", "reload", "run-to", "real-time-factor",
                    "spawn", "remove", "teleport", "set-static");
            case LOADING -> ordered("stop");
            case DONE -> Set.of();
        };
    }

    private static Set<String> ordered(String... names) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(names)));
    }
}
