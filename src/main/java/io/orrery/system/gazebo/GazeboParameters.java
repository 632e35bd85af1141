package io.orrery.system.gazebo;

import io.orrery.plugin.PluginOwner;
import io.orrery.topic.TopicNames;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A Gazebo system's {@code <plugin>} parameters, read as sdformat reads them: booleans are {@code true}/{@code 1}
 * or {@code false}/{@code 0}, vectors are three numbers, and a repeatable element is read in order. A value that
 * does not parse fails the plugin with a message naming it (Orrery fails fast where Gazebo would fall back).
 */
public final class GazeboParameters {

    private final PluginSpec spec;
    private final String system;

    /** Parameters of {@code spec}, for the system named {@code system} in messages (such as {@code DiffDrive}). */
    public GazeboParameters(PluginSpec spec, String system) {
        this.spec = spec;
        this.system = system;
    }

    /** The model a model-level system belongs to; throws for a world-level one, as Gazebo refuses it. */
    public String model(PluginOwner owner) {
        if (owner instanceof PluginOwner.Model m) {
            return m.name();
        }
        throw new IllegalArgumentException(where() + " must be attached to a model (declared inside <model>), not "
                + owner);
    }

    /** The trimmed text of the first element of that name, unless absent or empty. */
    public Optional<String> text(String element) {
        return spec.parameter(element).map(String::trim).filter(s -> !s.isEmpty());
    }

    /** The trimmed texts of every element of that name, in order (Gazebo's repeatable elements). */
    public List<String> all(String element) {
        return spec.parameters().stream().filter(e -> e.name().equals(element)).map(SdfElement::text)
                .map(t -> t == null ? "" : t.trim()).filter(t -> !t.isEmpty()).toList();
    }

    public boolean has(String element) {
        return spec.parameters().stream().anyMatch(e -> e.name().equals(element));
    }

    public double number(String element, double fallback) {
        return optionalNumber(element).orElse(fallback);
    }

    public OptionalDouble optionalNumber(String element) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return OptionalDouble.empty();
        }
        try {
            double value = Double.parseDouble(text.get());
            if (!Double.isNaN(value)) {
                return OptionalDouble.of(value);
            }
        } catch (NumberFormatException e) {
            // reported below with the expectation
        }
        throw bad(element, "a number", "'" + text.get() + "'");
    }

    public int integer(String element, int fallback) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(text.get());
        } catch (NumberFormatException e) {
            throw bad(element, "a whole number", "'" + text.get() + "'");
        }
    }

    public boolean bool(String element, boolean fallback) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        return switch (text.get().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw bad(element, "true, false, 1 or 0", "'" + text.get() + "'");
        };
    }

    public Vec3 vector(String element, Vec3 fallback) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        String[] parts = text.get().split("\\s+");
        try {
            if (parts.length == 3) {
                Vec3 v = new Vec3(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]),
                        Double.parseDouble(parts[2]));
                if (v.isFinite()) {
                    return v;
                }
            }
        } catch (NumberFormatException e) {
            // reported below with the expectation
        }
        throw bad(element, "three numbers 'x y z'", "'" + text.get() + "'");
    }

    /** The topic named by {@code element}, else {@code fallback}; absolute ({@code /name}). */
    public String topic(String element, String fallback) {
        String name = text(element).orElse(fallback);
        try {
            return TopicNames.normalize(name);
        } catch (IllegalArgumentException e) {
            throw bad(element, "a topic name", "'" + name + "' (" + e.getMessage() + ")");
        }
    }

    /** A message naming the plugin, its line, the element, what it must be and what it was. */
    public IllegalArgumentException bad(String element, String expected, String got) {
        return new IllegalArgumentException(where() + ": <" + element + "> must be " + expected + ", got " + got);
    }

    private String where() {
        return system + " plugin '" + spec.name() + "' (" + spec.filename() + ", line " + spec.line() + ")";
    }
}
