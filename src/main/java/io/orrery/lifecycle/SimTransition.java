package io.orrery.lifecycle;

import java.util.Objects;

/** One edge of the lifecycle diagram: {@code event} fired in {@code from} leads to {@code event.target()}. */
public record SimTransition(SimState from, SimEvent event) {

    public SimTransition {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(event, "event");
    }

    /** The state this edge leads to. */
    public SimState to() {
        return event.target();
    }

    @Override
    public String toString() {
        return from + " --" + event.displayName() + "--> " + to();
    }
}
