package io.orrery.system.joints;

import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a Gazebo system's parameters from its {@code <plugin>} element. A bad value is an
 * {@link IllegalArgumentException} naming the plugin, its line, the element and what was expected, so the plugin
 * fails at load with a message rather than running with a guess.
 */
public final class SystemParameters {

    private final PluginSpec spec;
    private final String system;

    /** Parameters of {@code spec}, for the Gazebo system named {@code system} (as messages name it). */
    public SystemParameters(PluginSpec spec, String system) {
        this.spec = spec;
        this.system = system;
    }

    /** The system's name, such as {@code JointController}. */
    public String system() {
        return system;
    }

    /** True when the element is present, even empty. */
    public boolean has(String element) {
        return spec.parameters().stream().anyMatch(e -> e.name().equals(element));
    }

    /** The trimmed text of the first such element, if present and not blank. */
    public Optional<String> text(String element) {
        return spec.parameter(element).map(String::trim).filter(s -> !s.isEmpty());
    }

    /** The trimmed texts of every such element, in order; a blank one is an error, as Gazebo reports it. */
    public List<String> all(String element) {
        List<String> values = new ArrayList<>();
        for (SdfElement e : spec.parameters()) {
            if (e.name().equals(element)) {
                String text = e.text() == null ? "" : e.text().trim();
                if (text.isEmpty()) {
                    throw bad(element, "a name", "an empty element");
                }
                values.add(text);
            }
        }
        return values;
    }

    /** A finite number, or {@code fallback} when the element is absent. */
    public double number(String element, double fallback) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(text.get());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the expectation
        }
        throw bad(element, "a finite number", "'" + text.get() + "'");
    }

    /** A number above 0, or {@code fallback} when the element is absent. */
    public double positive(String element, double fallback) {
        double value = number(element, fallback);
        if (!(value > 0)) {
            throw bad(element, "a number above 0", "'" + value + "'");
        }
        return value;
    }

    /** A number of at least 0, or {@code fallback} when the element is absent. */
    public double nonNegative(String element, double fallback) {
        double value = number(element, fallback);
        if (value < 0) {
            throw bad(element, "a number of at least 0", "'" + value + "'");
        }
        return value;
    }

    /** An integer of at least 0, or {@code fallback} when the element is absent. */
    public int index(String element, int fallback) {
        double value = number(element, fallback);
        if (value < 0 || value != Math.rint(value) || value > Integer.MAX_VALUE) {
            throw bad(element, "an integer of at least 0", "'" + text(element).orElse("") + "'");
        }
        return (int) value;
    }

    /** An SDF boolean ({@code true}, {@code false}, {@code 1}, {@code 0}), or {@code fallback} when absent. */
    public boolean flag(String element, boolean fallback) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        return switch (text.get().toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw bad(element, "true, false, 1 or 0", "'" + text.get() + "'");
        };
    }

    /** An error naming the plugin, its line and the element. */
    public IllegalArgumentException bad(String element, String expected, String got) {
        return new IllegalArgumentException(system + " plugin '" + spec.name() + "' (line " + spec.line() + "): <"
                + element + "> must be " + expected + ", got " + got);
    }

    /** An error about the plugin as a whole. */
    public IllegalArgumentException bad(String problem) {
        return new IllegalArgumentException(system + " plugin '" + spec.name() + "' (line " + spec.line() + "): "
                + problem);
    }
}
