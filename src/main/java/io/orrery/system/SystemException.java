package io.orrery.system;

import java.util.Objects;

/** A system failed in a phase; the runner aborts the simulation on it. The cause is what the system threw. */
public class SystemException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String systemName;
    private final Phase phase;

    public SystemException(String systemName, Phase phase, Throwable cause) {
        super("system '" + systemName + "' failed in " + phase + ": " + describe(cause), cause);
        this.systemName = Objects.requireNonNull(systemName, "systemName");
        this.phase = Objects.requireNonNull(phase, "phase");
    }

    /** The name of the failing system. */
    public String systemName() {
        return systemName;
    }

    /** The phase it failed in. */
    public Phase phase() {
        return phase;
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return message == null ? cause.getClass().getName() : cause.getClass().getSimpleName() + ": " + message;
    }
}
