package io.orrery.app;

import java.util.Objects;

/**
 * Which world a use case acts on. One process runs one world today, {@link #DEFAULT}; the surfaces name it so, and a
 * later change adds worlds without touching them again.
 *
 * @param value the world's id
 */
public record WorldId(String value) {

    /** The world the process was started with. */
    public static final WorldId DEFAULT = new WorldId("default");

    public WorldId {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
        return value;
    }
}
