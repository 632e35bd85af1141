package io.orrery.trigger;

/**
 * A trigger as written in JSON or YAML, e.g. {@code {"event": "time=10.5", "action": "stop"}}, with an
 * optional {@code label} and {@code sticky} (absent means false).
 */
public record TriggerSpec(String label, String event, String action, Boolean sticky) {

    /** The canonical spec of a parsed trigger; {@code of(t).parse(t.source())} equals {@code t}. */
    public static TriggerSpec of(Trigger trigger) {
        return new TriggerSpec(
                trigger.label(), trigger.event().form(), trigger.action().form(), trigger.sticky());
    }

    /**
     * Parses the strings into a trigger from {@code source} (see {@link Trigger#source()}).
     *
     * @throws IllegalArgumentException naming the bad string, the trigger's label if any, and the allowed forms
     */
    public Trigger parse(String source) {
        try {
            return new Trigger(
                    label, TriggerEvent.parse(event), TriggerAction.parse(action), Boolean.TRUE.equals(sticky), source);
        } catch (IllegalArgumentException e) {
            String which = label == null || label.isBlank() ? "trigger" : "trigger '" + label.strip() + "'";
            throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
        }
    }
}
