package io.orrery.plugin;

import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Plugin types by filename. The {@code filename} attribute of {@code <plugin name filename>} names the type; a
 * type is registered under one or more filenames (for example {@code orrery-pose-publisher}) and lookup is
 * exact: no prefixes, suffixes or case folding, so {@code libOrreryPosePublisher.so} is not an alias unless
 * registered as one. A filename nobody registered is not an Orrery plugin (a Gazebo system such as
 * {@code gz-sim-physics-system} in a real world): {@link #lookup} reports it as not provided and the host
 * ignores it with a log line.
 *
 * <p>Gazebo's own systems are registered once, with {@link #registerGazeboSystem}, and found under every
 * spelling worlds use for them (see {@link GazeboSystemName}): by filename, or by the element's {@code name}
 * when the filename is one Orrery does not know. Gazebo systems whose work Orrery does itself (physics, user
 * commands, the scene broadcaster) are {@linkplain #acceptSilently accepted silently}: neither loaded nor listed
 * as ignored. Safe from any thread.
 */
public final class PluginRegistry {

    private final Map<String, PluginFactory> factories = new ConcurrentHashMap<>();
    private final Set<String> accepted = ConcurrentHashMap.newKeySet();
    private final Set<String> acceptedNames = ConcurrentHashMap.newKeySet();

    /** Registers {@code factory} under each of {@code filenames}; throws if one is blank or already taken. */
    public PluginRegistry register(PluginFactory factory, String... filenames) {
        Objects.requireNonNull(factory, "factory");
        if (filenames.length == 0) {
            throw new IllegalArgumentException("a plugin type needs at least one filename");
        }
        for (String filename : filenames) {
            if (filename == null || filename.isBlank()) {
                throw new IllegalArgumentException("a plugin filename must not be blank, got '" + filename + "'");
            }
            if (factories.putIfAbsent(filename, factory) != null) {
                throw new IllegalArgumentException("plugin filename '" + filename + "' is already registered");
            }
        }
        return this;
    }

    /** The factory registered under exactly {@code filename}, or empty: not provided by Orrery. */
    public Optional<PluginFactory> lookup(String filename) {
        return filename == null ? Optional.empty() : Optional.ofNullable(factories.get(filename));
    }

    /**
     * Registers a Gazebo system under its canonical filename and class name, so every spelling of either finds
     * it: {@code registerGazeboSystem(f, "diff-drive", "DiffDrive")}.
     */
    public PluginRegistry registerGazeboSystem(PluginFactory factory, String shortName, String simpleClassName) {
        return register(factory, GazeboSystemName.filename(shortName), GazeboSystemName.className(simpleClassName));
    }

    /** Gazebo systems, by short name, whose work Orrery does itself: they load as nothing, silently. */
    public PluginRegistry acceptSilently(String... shortNames) {
        for (String shortName : shortNames) {
            accepted.add(GazeboSystemName.filename(shortName));
        }
        return this;
    }

    /**
     * Plugins by their exact {@code name}, whatever their filename, whose content Orrery reads itself: gz-sim's own
     * configuration in a world ({@code <plugin name="gz::sim" filename="dummy">}). They load as nothing, silently.
     */
    public PluginRegistry acceptSilentlyByName(String... names) {
        for (String name : names) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a plugin name must not be blank, got '" + name + "'");
            }
            acceptedNames.add(name);
        }
        return this;
    }

    /**
     * The factory for a {@code <plugin>} element: its filename exactly, then (for a Gazebo system) its filename
     * or its name in any Gazebo spelling.
     */
    public Optional<PluginFactory> lookup(String filename, String name) {
        Optional<PluginFactory> exact = lookup(filename);
        if (exact.isPresent()) {
            return exact;
        }
        Optional<PluginFactory> byFilename =
                GazeboSystemName.canonicalFilename(filename).flatMap(this::lookup);
        return byFilename.isPresent()
                ? byFilename
                : GazeboSystemName.canonicalClassName(name).flatMap(this::lookup);
    }

    /**
     * Of a {@code <plugin>} Orrery runs, the parameter elements its type does not simulate in a world named
     * {@code world} ({@link PluginFactory#notSimulated}); none for a plugin Orrery does not run.
     */
    public List<SdfElement> notSimulated(PluginSpec spec, String world) {
        return lookup(spec.filename(), spec.name())
                .map(f -> f.notSimulated(spec, world))
                .orElse(List.of());
    }

    /**
     * True for a {@code <plugin>} Orrery accepts silently: a Gazebo system whose work it does (any spelling of its
     * filename), or one it reads by name.
     */
    public boolean isAcceptedSilently(String filename, String name) {
        return (name != null && acceptedNames.contains(name))
                || GazeboSystemName.canonicalFilename(filename)
                        .map(accepted::contains)
                        .orElse(false);
    }

    /**
     * True when Orrery runs a {@code <plugin>} of this filename and name, or does its work itself; false for one it
     * would ignore (and list as not simulated).
     */
    public boolean provides(String filename, String name) {
        return lookup(filename, name).isPresent() || isAcceptedSilently(filename, name);
    }

    /** The registered filenames, sorted. */
    public Set<String> filenames() {
        return Set.copyOf(new TreeSet<>(factories.keySet()));
    }
}
