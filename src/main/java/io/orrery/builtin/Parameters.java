package io.orrery.builtin;

import io.orrery.world.PluginSpec;
import java.util.Optional;

/** Reads a plugin's parameters with messages that name the plugin, the element and what was expected. */
final class Parameters {

    private final PluginSpec spec;

    Parameters(PluginSpec spec) {
        this.spec = spec;
    }

    Optional<String> text(String element) {
        return spec.parameter(element).map(String::trim).filter(s -> !s.isEmpty());
    }

    String required(String element, String expected) {
        return text(element).orElseThrow(() -> bad(element, expected, "nothing"));
    }

    double number(String element, double fallback, double min, double max, String expected) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        double value;
        try {
            value = Double.parseDouble(text.get());
        } catch (NumberFormatException e) {
            throw bad(element, expected, "'" + text.get() + "'");
        }
        if (!(value >= min && value <= max)) {
            throw bad(element, expected, "'" + text.get() + "'");
        }
        return value;
    }

    int integer(String element, int fallback, int min, int max, String expected) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.get());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the expectation
        }
        throw bad(element, expected, "'" + text.get() + "'");
    }

    IllegalArgumentException bad(String element, String expected, String got) {
        return new IllegalArgumentException("plugin '" + spec.name() + "' (" + spec.filename() + ", line " + spec.line()
                + "): <" + element + "> must be " + expected + ", got " + got);
    }
}
