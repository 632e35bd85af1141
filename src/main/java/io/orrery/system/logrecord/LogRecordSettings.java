package io.orrery.system.logrecord;

import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.PluginSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What a LogRecord {@code <plugin>} asks for, as gz-sim's LogRecord reads it.
 *
 * @param path {@code <record_path>} (or {@code <path>}), as written; Orrery does not write where a world file says
 *     (docs/recording.md), so it is only reported
 * @param compress {@code <compress>}: Gazebo zips its log; an MCAP file's chunks are compressed anyway
 * @param recordResources {@code <record_resources>}: Gazebo copies meshes and materials beside its log
 * @param topics the {@code <record_topic>}s: a name holding one of {@code * ? [ ] ( ) .} is a regular expression the
 *     whole topic must match, any other the exact topic, as in Gazebo; none: every topic
 */
public record LogRecordSettings(Optional<String> path, boolean compress, boolean recordResources, List<String> topics) {

    /** Gazebo's class name: {@code gz::sim::systems::LogRecord}. */
    public static final String CLASS_NAME = "LogRecord";

    /** The most {@code <record_topic>}s one plugin lists (docs/limits.md). */
    public static final int MAX_TOPICS = 256;

    private static final Pattern REGEX = Pattern.compile(".*[*?\\[\\]().]+.*");

    public LogRecordSettings {
        topics = List.copyOf(topics);
    }

    /** Whether {@code plugin} names gz-sim's LogRecord (in any of Gazebo's spellings of its class). */
    public static boolean isLogRecord(PluginSpec plugin) {
        return io.orrery.plugin.GazeboSystemName.canonicalClassName(plugin.name())
                .filter(c -> c.equals(io.orrery.plugin.GazeboSystemName.className(CLASS_NAME)))
                .isPresent();
    }

    /**
     * Reads the plugin's parameters.
     *
     * @throws IllegalArgumentException naming the plugin and the parameter, for a malformed one
     */
    public static LogRecordSettings of(PluginSpec plugin) {
        GazeboParameters p = new GazeboParameters(plugin, CLASS_NAME);
        Optional<String> path = p.text("record_path").or(() -> p.text("path")).map(String::strip);
        List<String> topics = p.all("record_topic").stream().map(String::strip).toList();
        if (topics.size() > MAX_TOPICS) {
            throw p.bad("lists " + topics.size() + " <record_topic>s, more than " + MAX_TOPICS + " (docs/limits.md)");
        }
        for (String t : topics) {
            if (t.isEmpty()) {
                throw p.bad("<record_topic> is empty");
            }
            if (REGEX.matcher(t).matches()) {
                try {
                    Pattern.compile(t);
                } catch (PatternSyntaxException e) {
                    throw p.bad("<record_topic> '" + t + "' is not a regular expression: " + e.getDescription());
                }
            }
        }
        return new LogRecordSettings(path, p.bool("compress", false), p.bool("record_resources", false), topics);
    }

    /** Whether a topic is one to record: every topic when none is listed. */
    public Predicate<String> selection() {
        if (topics.isEmpty()) {
            return t -> true;
        }
        List<Predicate<String>> each = topics.stream()
                .map(t -> REGEX.matcher(t).matches()
                        ? Pattern.compile(t).asMatchPredicate()
                        : (Predicate<String>) t::equals)
                .toList();
        return name -> each.stream().anyMatch(s -> s.test(name));
    }
}
