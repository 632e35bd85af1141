package io.orrery.system;

import java.util.EnumSet;
import java.util.Set;

/** What an object is as a system: the phases it takes part in, and the name it goes by in messages. */
final class SystemKinds {

    private SystemKinds() {}

    /** The name a system goes by in messages: its {@link NamedSystem} name, else its class name. */
    static String nameOf(Object system) {
        if (system instanceof NamedSystem named) {
            String name = named.systemName();
            if (name != null && !name.isBlank()) {
                return name;
            }
        }
        Class<?> type = system.getClass();
        if (type.isHidden() || type.isSynthetic()) {
            // A lambda: its class name is generated noise, so name it after what it implements.
            String phases = String.join(
                    "+", phasesOf(system).stream().map(Phase::displayName).toList());
            return "lambda " + phases + "@" + Integer.toHexString(System.identityHashCode(system));
        }
        String simple = type.getSimpleName();
        return simple.isEmpty() ? type.getName() : simple;
    }

    /** The phases {@code system} takes part in; none for an object that would never run (Configure alone). */
    static Set<Phase> phasesOf(Object system) {
        Set<Phase> phases = EnumSet.noneOf(Phase.class);
        if (system instanceof Configure) {
            phases.add(Phase.CONFIGURE);
        }
        if (system instanceof PreUpdate) {
            phases.add(Phase.PRE_UPDATE);
        }
        if (system instanceof Update) {
            phases.add(Phase.UPDATE);
        }
        if (system instanceof PostUpdate) {
            phases.add(Phase.POST_UPDATE);
        }
        if (system instanceof Reset) {
            phases.add(Phase.RESET);
        }
        // Configure alone is not a system: it would never run.
        return phases.equals(EnumSet.of(Phase.CONFIGURE)) ? EnumSet.noneOf(Phase.class) : phases;
    }
}
