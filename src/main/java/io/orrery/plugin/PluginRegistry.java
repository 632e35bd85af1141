package io.orrery.plugin;

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
 * ignores it with a log line. Safe from any thread.
 */
public final class PluginRegistry {

    private final Map<String, PluginFactory> factories = new ConcurrentHashMap<>();

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

    /** The registered filenames, sorted. */
    public Set<String> filenames() {
        return Set.copyOf(new TreeSet<>(factories.keySet()));
    }
}
