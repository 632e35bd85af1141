package io.orrery.system.gazebo;

import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;
import java.util.Objects;

/**
 * The descriptor of a Gazebo system ported as a plugin, which is what most of Orrery's are: found by Gazebo's short
 * name ({@code diff-drive} for {@code gz-sim-diff-drive-system}) and class name ({@code DiffDrive}), listed under
 * the short name, made for each {@code <plugin>} by {@code factory}. A port's descriptor is a subclass with a public
 * no-argument constructor, so the service loader can make it.
 */
public abstract class GazeboPort implements SystemDescriptor {

    private final String shortName;
    private final String className;
    private final PluginFactory factory;

    protected GazeboPort(String shortName, String className, PluginFactory factory) {
        this.shortName = Objects.requireNonNull(shortName, "shortName");
        this.className = Objects.requireNonNull(className, "className");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    @Override
    public final String name() {
        return shortName;
    }

    @Override
    public final Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public final List<String> gazeboNames() {
        return List.of(shortName);
    }

    @Override
    public final List<String> gazeboClassNames() {
        return List.of(className);
    }

    @Override
    public final PluginFactory pluginFactory() {
        return factory;
    }
}
