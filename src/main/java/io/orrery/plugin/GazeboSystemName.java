package io.orrery.plugin;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spellings by which worlds name a Gazebo system, brought to one key each, so a system registered once is
 * found under all of them: filenames {@code gz-sim-diff-drive-system}, {@code libgz-sim8-diff-drive-system.so},
 * {@code ignition-gazebo-diff-drive-system}, {@code libignition-gazebo6-diff-drive-system.so} all become
 * {@code gz-sim-diff-drive-system}; names {@code gz::sim::systems::DiffDrive} and
 * {@code ignition::gazebo::systems::DiffDrive} become {@code gz::sim::systems::DiffDrive}.
 */
public final class GazeboSystemName {

    private static final Pattern FILENAME =
            Pattern.compile("^(?:lib)?(?:gz-sim|ignition-gazebo)\\d*-(.+)-system(?:\\.so)?$");
    private static final Pattern CLASS = Pattern.compile("^(?:gz::sim|ignition::gazebo)::systems::(\\w+)$");

    private GazeboSystemName() {}

    /** The canonical filename for a system's short name ({@code diff-drive} → {@code gz-sim-diff-drive-system}). */
    public static String filename(String shortName) {
        return "gz-sim-" + shortName + "-system";
    }

    /** The canonical class name for a system's class ({@code DiffDrive} → {@code gz::sim::systems::DiffDrive}). */
    public static String className(String simpleName) {
        return "gz::sim::systems::" + simpleName;
    }

    /** The canonical filename of a Gazebo system filename in any spelling; empty when it is not one. */
    public static Optional<String> canonicalFilename(String filename) {
        Matcher m = FILENAME.matcher(filename == null ? "" : filename);
        return m.matches() ? Optional.of(filename(m.group(1))) : Optional.empty();
    }

    /** The canonical class name of a Gazebo system's name in any spelling; empty when it is not one. */
    public static Optional<String> canonicalClassName(String name) {
        Matcher m = CLASS.matcher(name == null ? "" : name);
        return m.matches() ? Optional.of(className(m.group(1))) : Optional.empty();
    }
}
