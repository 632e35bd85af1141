package io.orrery.system;

/** The phases a system can take part in, named as in messages. */
public enum Phase {
    CONFIGURE("Configure"),
    PRE_UPDATE("PreUpdate"),
    UPDATE("Update"),
    POST_UPDATE("PostUpdate"),
    RESET("Reset");

    private final String displayName;

    Phase(String displayName) {
        this.displayName = displayName;
    }

    /** The name used in messages, e.g. {@code PreUpdate}. */
    public String displayName() {
        return displayName;
    }

    @Override
    public String toString() {
        return displayName;
    }
}
