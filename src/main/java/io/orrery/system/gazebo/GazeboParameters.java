package io.orrery.system.gazebo;

import io.orrery.plugin.PluginOwner;
import io.orrery.topic.TopicNames;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    private final boolean jointStyle;

    /** Parameters of {@code spec}, for the system named {@code system} in messages (such as {@code DiffDrive}). */
    public GazeboParameters(PluginSpec spec, String system) {
        this(spec, system, false);
    }

    private GazeboParameters(PluginSpec spec, String system, boolean jointStyle) {
        this.spec = spec;
        this.system = system;
        this.jointStyle = jointStyle;
    }

    /**
     * Parameters of a joint system: its messages name the plugin's line but not its filename, and the model it
     * needs, as they did before the two helper sets were merged (a separate change may make them one style).
     */
    public static GazeboParameters ofJointSystem(PluginSpec spec, String system) {
        return new GazeboParameters(spec, system, true);
    }

    /** The system's name, such as {@code JointController}. */
    public String system() {
        return system;
    }

    /** The model a model-level system belongs to; throws for a world-level one, as Gazebo refuses it. */
    public String model(PluginOwner owner) {
        if (owner instanceof PluginOwner.Model m) {
            return m.name();
        }
        if (jointStyle) {
            throw bad("must be attached to a model: put the <plugin> inside the <model> whose joints it uses");
        }
        throw new IllegalArgumentException(
                where() + " must be attached to a model (declared inside <model>), not " + owner);
    }

    /** True when the element is present, even empty. */
    public boolean has(String element) {
        return spec.parameters().stream().anyMatch(e -> e.name().equals(element));
    }

    /** The trimmed text of the first element of that name, unless absent or empty. */
    public Optional<String> text(String element) {
        return spec.parameter(element).map(String::trim).filter(s -> !s.isEmpty());
    }

    /** The trimmed texts of every element of that name, in order, empty ones left out. */
    public List<String> all(String element) {
        return spec.parameters().stream()
                .filter(e -> e.name().equals(element))
                .map(SdfElement::text)
                .map(t -> t == null ? "" : t.trim())
                .filter(t -> !t.isEmpty())
                .toList();
    }

    /** The trimmed names in every element of that name, in order; an empty one is an error, as Gazebo reports it. */
    public List<String> names(String element) {
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

    /** A number (infinities allowed, as for unlimited bounds), or {@code fallback} when absent. */
    public double number(String element, double fallback) {
        return optionalNumber(element).orElse(fallback);
    }

    private OptionalDouble optionalNumber(String element) {
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

    /** A finite number, or {@code fallback} when the element is absent. */
    public double finite(String element, double fallback) {
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

    /** A finite number of at least 0, or {@code fallback} when the element is absent. */
    public double nonNegative(String element, double fallback) {
        double value = finite(element, fallback);
        if (value < 0) {
            throw bad(element, "a number of at least 0", "'" + value + "'");
        }
        return value;
    }

    /** A whole number, or {@code fallback} when the element is absent. */
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

    /** An integer of at least 0 (written as a number, so {@code 1.0} is 1), or {@code fallback} when absent. */
    public int index(String element, int fallback) {
        double value = finite(element, fallback);
        if (value < 0 || value != Math.rint(value) || value > Integer.MAX_VALUE) {
            throw bad(element, "an integer of at least 0", "'" + text(element).orElse("") + "'");
        }
        return (int) value;
    }

    /** An SDF boolean ({@code true}, {@code false}, {@code 1}, {@code 0}), or {@code fallback} when absent. */
    public boolean bool(String element, boolean fallback) {
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

    /** Three numbers {@code x y z}, or {@code fallback} when absent. */
    public Vec3 vector(String element, Vec3 fallback) {
        Optional<String> text = text(element);
        if (text.isEmpty()) {
            return fallback;
        }
        String[] parts = text.get().split("\\s+");
        try {
            if (parts.length == 3) {
                Vec3 v = new Vec3(
                        Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
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
        return bad("<" + element + "> must be " + expected + ", got " + got);
    }

    /** A message about the plugin as a whole, naming it and its line. */
    public IllegalArgumentException bad(String problem) {
        return new IllegalArgumentException(where() + ": " + problem);
    }

    private String where() {
        String line = jointStyle ? "line " + spec.line() : spec.filename() + ", line " + spec.line();
        return system + " plugin '" + spec.name() + "' (" + line + ")";
    }
}
