package io.orrery.control;

import io.orrery.control.Task.Action;
import io.orrery.control.Task.Command;
import io.orrery.control.Task.Observation;
import io.orrery.control.Task.ResetRange;
import io.orrery.control.Task.Reward;
import io.orrery.control.Task.Source;
import io.orrery.control.Task.Term;
import io.orrery.control.Task.Termination;
import io.orrery.world.PhysicalBounds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads a task from YAML (worlds/cartpole.task.yaml shows every key; docs/vector-lockstep.md describes them). An
 * error names the file and the key, and a YAML syntax error its line and column; nothing is guessed.
 */
public final class TaskReader {

    /** The largest task file read, bytes. */
    public static final int MAX_BYTES = 256 * 1024;
    /** The most floats an observation or an action may hold. */
    public static final int MAX_WIDTH = 4096;
    /** The most actions one action may be held for, and the longest episode. */
    public static final int MAX_STEPS = 1_000_000_000;

    private static final Set<String> TOP = Set.of(
            "name",
            "steps-per-action",
            "max-episode-steps",
            "observations",
            "actions",
            "reward",
            "termination",
            "reset");

    private final Path file;

    private TaskReader(Path file) {
        this.file = file;
    }

    /** Reads and checks the task file. */
    public static Task read(Path file) {
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new TaskException(file + ": " + size + " bytes, more than the " + MAX_BYTES + " a task may hold");
            }
            return parse(file, Files.readString(file));
        } catch (IOException e) {
            throw new TaskException(file + ": cannot read the task: " + e.getMessage(), e);
        }
    }

    /** Parses a task's text; {@code file} names it in errors. */
    public static Task parse(Path file, String yaml) {
        Object root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setMaxAliasesForCollections(10);
            options.setCodePointLimit(MAX_BYTES);
            root = new Yaml(new SafeConstructor(options)).load(yaml);
        } catch (YAMLException e) {
            throw new TaskException(file + ": not YAML: " + e.getMessage(), e);
        }
        return new TaskReader(file).task(map(root, file.toString(), "the task"));
    }

    private Task task(Map<?, ?> m) {
        unknown(m, TOP, "the task");
        String name = string(m, "name", "the task");
        int stepsPerAction = integer(m, "steps-per-action", 1);
        int maxEpisodeSteps = integer(m, "max-episode-steps", MAX_STEPS);
        List<Observation> observations = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Map<?, ?> o : list(m, "observations", true)) {
            Observation observation = observation(o, "observations[" + observations.size() + "]");
            observations.add(observation);
            names.addAll(observation.names());
        }
        if (names.size() > MAX_WIDTH) {
            throw error("observations", names.size() + " floats, more than " + MAX_WIDTH);
        }
        List<Action> actions = new ArrayList<>();
        for (Map<?, ?> a : list(m, "actions", true)) {
            actions.add(action(a, "actions[" + actions.size() + "]"));
        }
        if (actions.size() > MAX_WIDTH) {
            throw error("actions", actions.size() + " floats, more than " + MAX_WIDTH);
        }
        Reward reward =
                reward(m.get("reward") == null ? Map.of() : map(m.get("reward"), file.toString(), "reward"), names);
        List<Termination> terminations = new ArrayList<>();
        for (Map<?, ?> t : list(m, "termination", false)) {
            String where = "termination[" + terminations.size() + "]";
            unknown(t, Set.of("observation", "low", "high"), where);
            terminations.add(new Termination(
                    index(t, names, where),
                    number(t, "low", Double.NEGATIVE_INFINITY, where),
                    number(t, "high", Double.POSITIVE_INFINITY, where)));
        }
        List<ResetRange> resets = new ArrayList<>();
        for (Map<?, ?> r : list(m, "reset", false)) {
            String where = "reset[" + resets.size() + "]";
            unknown(r, Set.of("joint", "field", "low", "high"), where);
            String[] joint = scoped(string(r, "joint", where), where + ".joint");
            String field = r.containsKey("field") ? string(r, "field", where) : "position";
            if (!field.equals("position") && !field.equals("velocity")) {
                throw error(where + ".field", "expected position or velocity, got '" + field + "'");
            }
            double low = number(r, "low", 0, where);
            double high = number(r, "high", 0, where);
            if (!(low <= high) || !Double.isFinite(low) || !Double.isFinite(high)) {
                throw error(where, "expected finite low <= high, got " + low + " and " + high);
            }
            boolean velocity = field.equals("velocity");
            if (velocity && Math.max(-low, high) > PhysicalBounds.MAX_SPEED) {
                throw error(
                        where,
                        "a velocity beyond " + PhysicalBounds.MAX_SPEED + " m/s or rad/s, got " + low + " to " + high);
            }
            resets.add(new ResetRange(joint[0], joint[1], velocity, low, high));
        }
        return new Task(name, stepsPerAction, maxEpisodeSteps, observations, actions, reward, terminations, resets);
    }

    private Observation observation(Map<?, ?> o, String where) {
        unknown(o, Set.of("joint", "link", "field", "low", "high"), where);
        boolean joint = o.containsKey("joint");
        if (joint == o.containsKey("link")) {
            throw error(where, "expected one of joint or link");
        }
        String[] element = scoped(string(o, joint ? "joint" : "link", where), where + (joint ? ".joint" : ".link"));
        String field = string(o, "field", where);
        Source source = switch ((joint ? "joint " : "link ") + field) {
            case "joint position" -> Source.JOINT_POSITION;
            case "joint velocity" -> Source.JOINT_VELOCITY;
            case "link pose" -> Source.LINK_POSE;
            case "link twist" -> Source.LINK_TWIST;
            default ->
                throw error(
                        where + ".field",
                        "expected " + (joint ? "position or velocity" : "pose or twist") + " for a "
                                + (joint ? "joint" : "link") + ", got '" + field + "'");
        };
        String base = element[1];
        List<String> names = switch (source) {
            case JOINT_POSITION -> List.of(base + ".position");
            case JOINT_VELOCITY -> List.of(base + ".velocity");
            case LINK_POSE -> suffixed(base, "x", "y", "z", "qw", "qx", "qy", "qz");
            case LINK_TWIST -> suffixed(base, "vx", "vy", "vz", "wx", "wy", "wz");
        };
        double[] low = new double[source.width()];
        double[] high = new double[source.width()];
        double lo = number(o, "low", Double.NEGATIVE_INFINITY, where);
        double hi = number(o, "high", Double.POSITIVE_INFINITY, where);
        if (!(lo <= hi)) {
            throw error(where, "expected low <= high, got " + lo + " and " + hi);
        }
        java.util.Arrays.fill(low, lo);
        java.util.Arrays.fill(high, hi);
        return new Observation(source, element[0], element[1], names, low, high);
    }

    private Action action(Map<?, ?> a, String where) {
        unknown(a, Set.of("joint", "command", "low", "high"), where);
        String[] joint = scoped(string(a, "joint", where), where + ".joint");
        String command = string(a, "command", where);
        Command c = switch (command) {
            case "effort" -> Command.EFFORT;
            case "velocity" -> Command.VELOCITY;
            default ->
                throw error(
                        where + ".command",
                        "expected effort or velocity, got '" + command + "' (a topic such as cmd_vel needs the world's"
                                + " systems, which the batched worlds do not run yet)");
        };
        double low = number(a, "low", Double.NaN, where);
        double high = number(a, "high", Double.NaN, where);
        if (!(low <= high) || !Double.isFinite(low) || !Double.isFinite(high)) {
            throw error(
                    where, "expected finite low <= high (an action is clamped to them), got " + low + " and " + high);
        }
        return new Action(c, joint[0], joint[1], low, high);
    }

    private Reward reward(Map<?, ?> r, List<String> names) {
        unknown(r, Set.of("alive", "terms"), "reward");
        double alive = number(r, "alive", 0, "reward");
        List<Term> terms = new ArrayList<>();
        for (Map<?, ?> t : list(r, "terms", false)) {
            String where = "reward.terms[" + terms.size() + "]";
            unknown(t, Set.of("observation", "weight", "squared"), where);
            Object squared = t.get("squared");
            if (squared != null && !(squared instanceof Boolean)) {
                throw error(where + ".squared", "expected true or false, got '" + squared + "'");
            }
            terms.add(new Term(index(t, names, where), number(t, "weight", 1, where), Boolean.TRUE.equals(squared)));
        }
        return new Reward(alive, terms);
    }

    private int index(Map<?, ?> m, List<String> names, String where) {
        String name = string(m, "observation", where);
        int i = names.indexOf(name);
        if (i < 0) {
            throw error(where + ".observation", "no observation element '" + name + "'; there are " + names);
        }
        return i;
    }

    private static List<String> suffixed(String base, String... parts) {
        List<String> names = new ArrayList<>();
        for (String p : parts) {
            names.add(base + "." + p);
        }
        return names;
    }

    /** {@code model::joint} into the top-level model and the joint's name within it. */
    private String[] scoped(String name, String where) {
        int at = name.indexOf("::");
        if (at <= 0 || at + 2 >= name.length()) {
            throw error(where, "expected model::name, got '" + name + "'");
        }
        return new String[] {name.substring(0, at), name.substring(at + 2)};
    }

    private List<Map<?, ?>> list(Map<?, ?> m, String key, boolean required) {
        Object value = m.get(key);
        if (value == null) {
            if (required) {
                throw error(key, "missing: at least one is needed");
            }
            return List.of();
        }
        if (!(value instanceof List<?> items)) {
            throw error(key, "expected a list");
        }
        if (required && items.isEmpty()) {
            throw error(key, "empty: at least one is needed");
        }
        List<Map<?, ?>> maps = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            maps.add(map(items.get(i), file.toString(), key + "[" + i + "]"));
        }
        return Collections.unmodifiableList(maps);
    }

    private static Map<?, ?> map(Object value, String file, String where) {
        if (!(value instanceof Map<?, ?> m)) {
            throw new TaskException(file + ": " + where + ": expected a mapping, got "
                    + (value == null ? "nothing" : "'" + value + "'"));
        }
        return m;
    }

    private String string(Map<?, ?> m, String key, String where) {
        Object value = m.get(key);
        if (!(value instanceof String s) || s.isBlank()) {
            throw error(where + "." + key, "expected a name, got " + (value == null ? "nothing" : "'" + value + "'"));
        }
        return s;
    }

    private int integer(Map<?, ?> m, String key, int otherwise) {
        Object value = m.get(key);
        if (value == null) {
            return otherwise;
        }
        if (!(value instanceof Integer i) || i < 1 || i > MAX_STEPS) {
            throw error(key, "expected a whole number from 1 to " + MAX_STEPS + ", got '" + value + "'");
        }
        return i;
    }

    private double number(Map<?, ?> m, String key, double otherwise, String where) {
        Object value = m.get(key);
        if (value == null) {
            return otherwise;
        }
        if (value instanceof Number n && !Double.isNaN(n.doubleValue())) {
            return n.doubleValue();
        }
        throw error(where + "." + key, "expected a number, got '" + value + "'");
    }

    private void unknown(Map<?, ?> m, Set<String> allowed, String where) {
        for (Object key : m.keySet()) {
            if (!allowed.contains(String.valueOf(key))) {
                throw error(where, "unknown key '" + key + "'; expected one of " + new java.util.TreeSet<>(allowed));
            }
        }
    }

    private TaskException error(String where, String message) {
        return new TaskException(file + ": " + where + ": " + message);
    }
}
