package io.orrery.system;

import java.util.Objects;

/**
 * Where a registered system came from, for listings: so a user can tell their own system from Orrery's and find
 * the bean or the {@code <plugin>} element that made it.
 *
 * @param kind what made it
 * @param name the built-in system's, bean's or plugin instance's name; empty for {@link Kind#CODE}
 * @param owner for a plugin, the top-level model that declared it, or empty for the world (or configuration)
 */
public record SystemOrigin(Kind kind, String name, String owner) {

    /** What made a system. */
    public enum Kind {
        /** Orrery itself: physics, the sensors. */
        BUILT_IN("built-in"),
        /** A Spring bean implementing a phase interface. */
        SPRING_BEAN("spring-bean"),
        /** A {@code <plugin>} element (or an always-on plugin) whose plugin is also a system. */
        PLUGIN("plugin"),
        /** Code that called {@link SystemManager#add} directly (tests, embedding). */
        CODE("code");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The kind as listings spell it, e.g. {@code spring-bean}. */
        public String label() {
            return label;
        }
    }

    public SystemOrigin {
        Objects.requireNonNull(kind, "kind");
        name = name == null ? "" : name;
        owner = owner == null ? "" : owner;
    }

    /** One of Orrery's own systems. */
    public static SystemOrigin builtIn(String name) {
        return new SystemOrigin(Kind.BUILT_IN, name, "");
    }

    /** The Spring bean named {@code beanName}. */
    public static SystemOrigin springBean(String beanName) {
        return new SystemOrigin(Kind.SPRING_BEAN, beanName, "");
    }

    /** The plugin {@code name} declared by {@code model}, or by the world when {@code model} is empty. */
    public static SystemOrigin plugin(String name, String model) {
        return new SystemOrigin(Kind.PLUGIN, name, model);
    }

    /** Added in code, no more known. */
    public static SystemOrigin code() {
        return new SystemOrigin(Kind.CODE, "", "");
    }

    /** For log lines: {@code Spring bean 'wind'}, {@code plugin 'diff_drive' of model 'vehicle_blue'}. */
    public String describe() {
        return switch (kind) {
            case BUILT_IN -> "built-in";
            case SPRING_BEAN -> "Spring bean '" + name + "'";
            case PLUGIN ->
                owner.isEmpty() ? "world plugin '" + name + "'" : "plugin '" + name + "' of model '" + owner + "'";
            case CODE -> "added in code";
        };
    }
}
