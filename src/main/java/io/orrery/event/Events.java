package io.orrery.event;

/** The names of the events the runner emits itself; plugins emit theirs under names of their own. */
public final class Events {

    /** A trigger fired: the trigger package's {@code FiredTrigger}. */
    public static final String TRIGGER = "trigger";

    /** A reset or a reload begins: the runner's {@code ResetSignal}. */
    public static final String RESET = "reset";

    /** A controller acquired or released the simulation: the runner's {@code ControlEvent}. */
    public static final String CONTROL = "control";

    /** A step batch of no controller's began or ended: the runner's {@code StepSpan}. */
    public static final String STEPS = "steps";

    private Events() {}
}
