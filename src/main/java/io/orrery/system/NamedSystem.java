package io.orrery.system;

/** A system with a name for messages and listings; other systems are named after their class. */
public interface NamedSystem {

    /** The name, e.g. the {@code <plugin>} element's {@code name} attribute. */
    String systemName();
}
