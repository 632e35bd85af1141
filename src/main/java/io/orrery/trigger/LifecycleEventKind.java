package io.orrery.trigger;

import java.util.Locale;

/** A lifecycle change a trigger can wait for; the runner reports each one to the {@link TriggerRegistry}. */
public enum LifecycleEventKind {
    START,
    STOP,
    PAUSE,
    RESUME,
    RESET;

    /** The name used in trigger strings, e.g. {@code pause}. */
    public String eventName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
