package io.orrery.system;

import io.orrery.plugin.PluginFactory;
import java.util.List;
import java.util.Optional;

/**
 * A system as it declares itself, in its own folder, as gz-sim's {@code GZ_ADD_PLUGIN} does at the end of each
 * system's file: the names a world finds it by, how it joins a world, its priority and what makes it. Orrery's own
 * are found on the class path: {@code @AutoService(SystemDescriptor.class)} on the class writes
 * {@code META-INF/services} when compiling, and the registry ({@code io.orrery.builtin.Extensions}) reads it. A
 * user's may also be a Spring bean of this type. Implementations are stateless, with a public no-argument
 * constructor.
 */
public interface SystemDescriptor {

    /** How a system joins a world. */
    enum Kind {
        /** Made for each {@code <plugin>} element that names it, in a model or in the world. */
        PLUGIN,
        /** Made for every world as it loads, as gz sim's server adds its default systems. */
        EVERY_WORLD,
        /** Its work is done by Orrery's core (the runner): a {@code <plugin>} naming it loads as nothing, silently. */
        CORE
    }

    /** The name Orrery lists it under, unique among systems. */
    String name();

    /** How it joins a world. */
    Kind kind();

    /**
     * Filenames a {@code <plugin filename>} names it by, matched exactly ({@code orrery-pose-publisher}); none by
     * default.
     */
    default List<String> filenames() {
        return List.of();
    }

    /**
     * Gazebo's short names for it ({@code diff-drive} for {@code gz-sim-diff-drive-system}), matched in every spelling
     * of the filename that {@link io.orrery.plugin.GazeboSystemName} accepts; none by default.
     */
    default List<String> gazeboNames() {
        return List.of();
    }

    /**
     * Gazebo's class names for it ({@code DiffDrive} for {@code gz::sim::systems::DiffDrive}), matched in every
     * spelling {@link io.orrery.plugin.GazeboSystemName} accepts; none by default.
     */
    default List<String> gazeboClassNames() {
        return List.of();
    }

    /**
     * Exact {@code <plugin name>}s that find it whatever the filename, for a {@link Kind#CORE} system only: gz-sim's
     * own configuration in a world ({@code <plugin name="gz::sim" filename="dummy">}), which the core reads. None by
     * default.
     */
    default List<String> pluginNames() {
        return List.of();
    }

    /** The priority it runs at when the world gives none ({@code <gz:system_priority>}); {@link Priorities}. */
    default int priority() {
        return Priorities.DEFAULT;
    }

    /** What makes one for each {@code <plugin>} element: {@link Kind#PLUGIN} only. */
    default PluginFactory pluginFactory() {
        throw new UnsupportedOperationException("system '" + name() + "' is " + kind() + ", not made by a <plugin>");
    }

    /**
     * What makes the system a {@link Kind#CORE} system's work is, when that work is a system of its own (the physics
     * step): the runner adds it to each world before every other system, and a world that cannot have it does not
     * load. Empty by default, and for every other kind.
     */
    default Optional<WorldSystem> coreSystem() {
        return Optional.empty();
    }

    /** What makes one for each world as it loads: {@link Kind#EVERY_WORLD} only. */
    default WorldSystem worldSystem() {
        throw new UnsupportedOperationException("system '" + name() + "' is " + kind() + ", not made for every world");
    }
}
