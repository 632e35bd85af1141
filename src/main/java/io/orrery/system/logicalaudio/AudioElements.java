package io.orrery.system.logicalaudio;

import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code <source>} and {@code <microphone>} elements of a LogicalAudioSensorPlugin, read with Gazebo's rules
 * (a volume clipped to [0, 1], a negative inner radius made 0, a falloff distance not beyond it made the inner radius
 * plus 1, a missing pose the parent's origin, a missing threshold 0). Where Gazebo skips an element with an error,
 * Orrery fails the plugin naming it.
 */
final class AudioElements {

    /** A sound source as its file gives it; {@code pose} is relative to the plugin's model (or the world). */
    record Source(
            int id,
            Pose pose,
            double innerRadius,
            double falloffDistance,
            double volume,
            boolean playing,
            long playDurationNanos) {}

    /** A microphone as its file gives it; {@code pose} is relative to the plugin's model (or the world). */
    record Microphone(int id, Pose pose, double threshold) {}

    private AudioElements() {}

    static List<Source> sources(List<SdfElement> parameters, GazeboParameters params) {
        Set<Integer> ids = new HashSet<>();
        return parameters.stream()
                .filter(e -> e.name().equals("source"))
                .map(e -> source(e, params, ids))
                .toList();
    }

    static List<Microphone> microphones(List<SdfElement> parameters, GazeboParameters params) {
        Set<Integer> ids = new HashSet<>();
        return parameters.stream()
                .filter(e -> e.name().equals("microphone"))
                .map(e -> microphone(e, params, ids))
                .toList();
    }

    private static Source source(SdfElement e, GazeboParameters params, Set<Integer> ids) {
        int id = id(e, params, ids);
        Pose pose = pose(e, params);
        String function = required(e, "attenuation_function", params).toLowerCase(Locale.ROOT);
        if (!function.equals("linear")) {
            throw params.bad("source><attenuation_function", "linear", "'" + function + "'");
        }
        String shape = required(e, "attenuation_shape", params).toLowerCase(Locale.ROOT);
        if (!shape.equals("sphere")) {
            throw params.bad("source><attenuation_shape", "sphere", "'" + shape + "'");
        }
        double inner = Math.max(0.0, number(e, "inner_radius", params));
        double falloff = number(e, "falloff_distance", params);
        if (falloff <= inner) {
            falloff = inner + 1.0;
        }
        double volume = Math.min(1.0, Math.max(0.0, number(e, "volume_level", params)));
        boolean playing = bool(e, "playing", params);
        double duration = number(e, "play_duration", params);
        if (duration < 0 || duration != Math.rint(duration) || duration > Integer.MAX_VALUE) {
            throw params.bad("source><play_duration", "a whole number of seconds of at least 0", "'" + duration + "'");
        }
        return new Source(id, pose, inner, falloff, volume, playing, (long) duration * 1_000_000_000L);
    }

    private static Microphone microphone(SdfElement e, GazeboParameters params, Set<Integer> ids) {
        int id = id(e, params, ids);
        Pose pose = pose(e, params);
        double threshold = text(e, "volume_threshold").isPresent() ? number(e, "volume_threshold", params) : 0.0;
        return new Microphone(id, pose, threshold);
    }

    private static int id(SdfElement e, GazeboParameters params, Set<Integer> ids) {
        String text = required(e, "id", params);
        int id;
        try {
            id = Integer.parseInt(text);
        } catch (NumberFormatException ex) {
            throw params.bad(e.name() + "><id", "a whole number of at least 0", "'" + text + "'");
        }
        if (id < 0) {
            throw params.bad(e.name() + "><id", "a whole number of at least 0", "'" + text + "'");
        }
        if (!ids.add(id)) {
            throw params.bad("two <" + e.name() + ">s have the id " + id + "; ids are unique within a plugin's parent");
        }
        return id;
    }

    private static Pose pose(SdfElement e, GazeboParameters params) {
        Optional<String> text = text(e, "pose");
        if (text.isEmpty()) {
            return Pose.IDENTITY;
        }
        String[] parts = text.get().split("\\s+");
        try {
            if (parts.length == 6) {
                double[] v = new double[6];
                for (int i = 0; i < 6; i++) {
                    v[i] = Double.parseDouble(parts[i]);
                    if (!Double.isFinite(v[i])) {
                        throw new NumberFormatException(parts[i]);
                    }
                }
                return Pose.of(v[0], v[1], v[2], v[3], v[4], v[5]);
            }
        } catch (NumberFormatException ex) {
            // reported below with the expectation
        }
        throw params.bad(e.name() + "><pose", "six numbers 'x y z roll pitch yaw'", "'" + text.get() + "'");
    }

    private static Optional<String> text(SdfElement e, String child) {
        return e.child(child)
                .map(SdfElement::text)
                .map(t -> t == null ? "" : t.trim())
                .filter(t -> !t.isEmpty());
    }

    private static String required(SdfElement e, String child, GazeboParameters params) {
        return text(e, child).orElseThrow(() -> params.bad("<" + e.name() + "> needs a <" + child + ">"));
    }

    private static double number(SdfElement e, String child, GazeboParameters params) {
        String text = required(e, child, params);
        try {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException ex) {
            // reported below with the expectation
        }
        throw params.bad(e.name() + "><" + child, "a finite number", "'" + text + "'");
    }

    private static boolean bool(SdfElement e, String child, GazeboParameters params) {
        String text = required(e, child, params);
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw params.bad(e.name() + "><" + child, "true, false, 1 or 0", "'" + text + "'");
        };
    }
}
