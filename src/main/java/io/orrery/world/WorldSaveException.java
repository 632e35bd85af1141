package io.orrery.world;

/** A world file that cannot be saved or loaded: the path asked for, and the rule it broke or the failure. */
public class WorldSaveException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why: a rule refused the path, the file is not there, or the disk failed. */
    public enum Reason {
        /** The name itself is not acceptable, whatever is on disk: {@code ..}, absolute, NUL, too long, empty. */
        INVALID,
        /** The path breaks a rule (outside the worlds directory, the source world, not a world file, ...). */
        REFUSED,
        /** Nothing to load at that path. */
        NOT_FOUND,
        /** Writing failed; the old file, if any, is intact. */
        FAILED
    }

    private final String requested;
    private final Reason reason;

    /**
     * @param requested the path as the caller gave it
     * @param reason the kind of problem
     * @param message the whole message, naming the path and the rule broken
     */
    public WorldSaveException(String requested, Reason reason, String message) {
        super(message);
        this.requested = requested;
        this.reason = reason;
    }

    WorldSaveException(String requested, Reason reason, String message, Throwable cause) {
        this(requested, reason, message);
        initCause(cause);
    }

    /** The path as the caller gave it. */
    public String requested() {
        return requested;
    }

    /** The kind of problem. */
    public Reason reason() {
        return reason;
    }

    static WorldSaveException invalid(Object requested, String rule) {
        return new WorldSaveException(
                String.valueOf(requested), Reason.INVALID, "invalid path '" + requested + "': " + rule);
    }

    static WorldSaveException refused(Object requested, String rule) {
        return new WorldSaveException(
                String.valueOf(requested), Reason.REFUSED, "refused '" + requested + "': " + rule);
    }
}
