package io.orrery.trigger;

import java.util.Objects;

/**
 * A parsed trigger: when {@code event} happens, {@code action} is done. A non-sticky trigger fires once;
 * a sticky one stays armed after firing (a {@code time=} trigger re-arms at the next reset instead, a
 * {@code loop} trigger is always sticky).
 *
 * @param label a name for lists and logs, or null when none was given
 * @param event what makes it fire
 * @param action what it does
 * @param sticky whether it re-arms after firing
 * @param source where it came from: {@link #SOURCE_CONFIG}, {@link #SOURCE_API}, or e.g. {@code plugin:<name>}
 */
public record Trigger(String label, TriggerEvent event, TriggerAction action, boolean sticky, String source) {

    /** Source of triggers read from the simulation's configuration; reset re-arms their time triggers. */
    public static final String SOURCE_CONFIG = "config";

    /** Source of triggers added through the HTTP API. */
    public static final String SOURCE_API = "api";

    public Trigger {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(action, "action");
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException("trigger source must not be empty");
        }
        label = label == null || label.isBlank() ? null : label.strip();
        // Cloe's loop fires at every step: stickiness is part of its meaning, not a choice.
        sticky = sticky || event instanceof TriggerEvent.Loop;
    }

    /** Whether it came from the simulation's configuration. */
    public boolean fromConfiguration() {
        return SOURCE_CONFIG.equals(source);
    }

    /** The label, or {@code "<event> -> <action>"} when there is none. */
    public String displayName() {
        return label != null ? label : event.form() + " -> " + action.form();
    }
}
