package io.orrery.world.sdf;

import io.orrery.log.LogSafe;
import io.orrery.world.IgnoredElement;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.MeshLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jdom2.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads SDF 1.6 to 1.11 worlds and models into immutable records. Thread-safe: every read keeps its own state.
 * Every problem is an {@link SdfException} naming file, line and column; elements Orrery does not simulate are
 * listed in {@link WorldSpec#ignored()} and logged once per load (at WARN what changes the simulation).
 */
public final class SdfReader {

    /** The environment variable whose ':'-separated directories extend the model path, as in Gazebo Sim. */
    public static final String RESOURCE_PATH_VARIABLE = "GZ_SIM_RESOURCE_PATH";
    /** The environment variable that moves Gazebo's local Fuel cache, as in gz-fuel-tools. */
    public static final String FUEL_CACHE_VARIABLE = "GZ_FUEL_CACHE_PATH";

    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);
    /** The log names this many elements that change the simulation; GET /api/world lists them all. */
    private static final int LOGGED_BY_NAME = 20;
    /** Until told which plugins exist, a reader lists none: the plugin host still reports what it cannot run. */
    private static final Predicate<PluginSpec> ALL_PLUGINS = plugin -> true;

    private final ModelPath modelPath;
    private final SdfLimits limits;
    private final MeshLoader meshes;
    /** True for orrery.sdf.unsupported=fail: what Orrery does not simulate refuses the world or spawn. */
    private final boolean strict;
    /** The {@code <sensor type>}s some device simulates; a sensor of another type is listed as ignored. */
    private final Set<String> simulatedSensors;
    /** True for a {@code <plugin>} Orrery runs (or does the work of); another is listed as not simulated. */
    private final Predicate<PluginSpec> simulatedPlugins;
    /** Of a simulated {@code <plugin>}, the parameter elements Orrery does not simulate, each listed. */
    private final PluginParts pluginParts;

    /**
     * What of a simulated plugin's parameters Orrery does not simulate (a TriggeredPublisher's {@code <service>} that
     * Orrery does not offer), given the plugin and the world's name (empty for a model read alone): those elements,
     * the very instances of {@link PluginSpec#parameters()}.
     */
    @FunctionalInterface
    public interface PluginParts {
        /** Lists nothing. */
        PluginParts NONE = (plugin, world) -> List.of();

        List<SdfElement> notSimulated(PluginSpec plugin, String world);
    }

    /** A reader that resolves {@code model://name} includes in these directories, in order. */
    public SdfReader(List<Path> modelPath) {
        this(modelPath, SdfLimits.DEFAULT);
    }

    /** A reader with its own bound on the size of each document it reads (the world and every included file). */
    public SdfReader(List<Path> modelPath, long maxInputBytes) {
        this(modelPath, SdfLimits.DEFAULT.withMaxBytes(maxInputBytes));
    }

    /** A reader with its own limits on size, nesting depth and number of models. */
    public SdfReader(List<Path> modelPath, SdfLimits limits) {
        this(new ModelPath(modelPath), limits, MeshLoader.SHARED, false, Set.of(), ALL_PLUGINS, PluginParts.NONE);
    }

    /** A reader with its own limits, reading meshes and heightmaps through {@code meshes} (and its cache). */
    public SdfReader(List<Path> modelPath, SdfLimits limits, MeshLoader meshes) {
        this(new ModelPath(modelPath), limits, meshes, false, Set.of(), ALL_PLUGINS, PluginParts.NONE);
    }

    private SdfReader(
            ModelPath modelPath,
            SdfLimits limits,
            MeshLoader meshes,
            boolean strict,
            Set<String> simulatedSensors,
            Predicate<PluginSpec> simulatedPlugins,
            PluginParts pluginParts) {
        this.modelPath = modelPath;
        this.limits = Objects.requireNonNull(limits, "limits");
        this.meshes = Objects.requireNonNull(meshes, "meshes");
        this.strict = strict;
        this.simulatedSensors = Set.copyOf(simulatedSensors);
        this.simulatedPlugins = Objects.requireNonNull(simulatedPlugins, "simulatedPlugins");
        this.pluginParts = Objects.requireNonNull(pluginParts, "pluginParts");
    }

    /**
     * The same reader, refusing ({@code true}, {@code orrery.sdf.unsupported=fail}) or listing ({@code false}, the
     * default) what Orrery does not simulate; display-only elements (visuals, lights) are listed either way.
     */
    public SdfReader refusingUnsupported(boolean refuse) {
        return new SdfReader(modelPath, limits, meshes, refuse, simulatedSensors, simulatedPlugins, pluginParts);
    }

    /**
     * The same reader, taking sensors of these {@code type}s as simulated (the device kinds' sensor types, which the
     * world records cannot know); a sensor of another type is kept in its link but listed as not simulated. None by
     * default.
     */
    public SdfReader simulatingSensors(Set<String> sensorTypes) {
        return new SdfReader(modelPath, limits, meshes, strict, sensorTypes, simulatedPlugins, pluginParts);
    }

    /**
     * The same reader, taking a {@code <plugin>} as simulated when {@code simulated} says so (the plugin registry's
     * answer, which the world records cannot know); another is kept in the world, for its plugin host to report,
     * and listed as not simulated by name, filename and owner. Every plugin by default.
     */
    public SdfReader simulatingPlugins(Predicate<PluginSpec> simulated) {
        return new SdfReader(modelPath, limits, meshes, strict, simulatedSensors, simulated, pluginParts);
    }

    /**
     * The same reader, listing as not simulated the parameter elements of simulated plugins that {@code parts} names
     * (the plugin registry's answer); under {@code orrery.sdf.unsupported=fail} the first refuses the world. None by
     * default.
     */
    public SdfReader simulatingPluginParts(PluginParts parts) {
        return new SdfReader(modelPath, limits, meshes, strict, simulatedSensors, simulatedPlugins, parts);
    }

    /** The {@code <sensor type>}s this reader takes as simulated. */
    public Set<String> simulatedSensors() {
        return simulatedSensors;
    }

    /**
     * A reader whose model path is the configured directories followed by those of GZ_SIM_RESOURCE_PATH, with the
     * Fuel cache of GZ_FUEL_CACHE_PATH (else ~/.gz/fuel, gz-fuel-tools' default).
     */
    public static SdfReader withEnvironment(List<Path> configuredModelPath) {
        return withEnvironment(configuredModelPath, System.getenv(RESOURCE_PATH_VARIABLE));
    }

    static SdfReader withEnvironment(List<Path> configuredModelPath, String resourcePath) {
        List<Path> path = new ArrayList<>(configuredModelPath);
        path.addAll(ModelPath.parse(resourcePath));
        return new SdfReader(
                new ModelPath(path, Optional.of(defaultFuelCache())),
                SdfLimits.DEFAULT,
                MeshLoader.SHARED,
                false,
                Set.of(),
                ALL_PLUGINS,
                PluginParts.NONE);
    }

    /** GZ_FUEL_CACHE_PATH, else ~/.gz/fuel. */
    public static Path defaultFuelCache() {
        String configured = System.getenv(FUEL_CACHE_VARIABLE);
        return configured != null && !configured.isBlank()
                ? Path.of(configured.strip())
                : Path.of(System.getProperty("user.home"), ".gz", "fuel");
    }

    /** The same reader, reading Fuel URLs from this local Fuel cache root (never from the network). */
    public SdfReader withFuelCache(Path cacheRoot) {
        return new SdfReader(
                new ModelPath(modelPath.directories(), Optional.of(cacheRoot)),
                limits,
                meshes,
                strict,
                simulatedSensors,
                simulatedPlugins,
                pluginParts);
    }

    /** The Fuel cache Fuel URLs are read from, if any. */
    public Optional<Path> fuelCache() {
        return modelPath.fuelCache();
    }

    /** The same reader with other limits. */
    public SdfReader withLimits(SdfLimits newLimits) {
        return new SdfReader(modelPath, newLimits, meshes, strict, simulatedSensors, simulatedPlugins, pluginParts);
    }

    /** The same reader, reading meshes and heightmaps through {@code loader} (its limits and its cache). */
    public SdfReader withMeshes(MeshLoader loader) {
        return new SdfReader(modelPath, limits, loader, strict, simulatedSensors, simulatedPlugins, pluginParts);
    }

    /** The loader meshes and heightmaps are read through. */
    public MeshLoader meshes() {
        return meshes;
    }

    /** The same reader with another bound on document size in bytes (default 64 MiB). */
    public SdfReader withMaxInputBytes(long maxBytes) {
        return withLimits(limits.withMaxBytes(maxBytes));
    }

    /** The limits every read is held to. */
    public SdfLimits limits() {
        return limits;
    }

    /** The directories searched for {@code model://} includes, in order. */
    public List<Path> modelPath() {
        return modelPath.directories();
    }

    /** Reads a world file, resolving its includes. */
    public WorldSpec read(Path file) {
        return read(SdfFiles.read(file, limits.maxBytes()));
    }

    /**
     * The SDF files reading {@code file} reads: the world file first, then each included file and model.config, each
     * once (meshes and heightmaps are not listed). Reads the world again to list them.
     */
    public List<Path> filesOf(Path file) {
        List<Path> files = new ArrayList<>();
        SdfFiles.listing(files, () -> read(file));
        return List.copyOf(new LinkedHashSet<>(files));
    }

    /** Reads a world from bytes as if they were the content of {@code file} (includes resolve beside it). */
    WorldSpec read(Path file, byte[] content) {
        Path absolute = file.toAbsolutePath().normalize();
        return read(new SdfFiles.FileText(absolute, content, absolute.toString()));
    }

    private WorldSpec read(SdfFiles.FileText text) {
        Document document = SdfFiles.parse(text, limits);
        WorldSpec world = new SpecReader(
                        document, modelPath, limits, meshes, simulatedSensors, simulatedPlugins, pluginParts)
                .world(text.path(), text.text());
        refuseIfStrict(world.ignored());
        logIgnored(text.path().toString(), world.ignored());
        return world;
    }

    /**
     * Reads one {@code <model>} (optionally inside {@code <sdf version>}; an {@code <include>} works too), as sent to
     * spawn a model at runtime.
     *
     * @param sourceName names the snippet in error messages, for example {@code spawn request}
     */
    public ModelSpec readModel(String modelSnippet, String sourceName) {
        byte[] bytes = modelSnippet.getBytes(StandardCharsets.UTF_8);
        Document document = SecureXml.parse(bytes, sourceName, limits);
        SpecReader reader =
                new SpecReader(document, modelPath, limits, meshes, simulatedSensors, simulatedPlugins, pluginParts);
        ModelSpec model = reader.snippetModel();
        refuseIfStrict(reader.ignored());
        logIgnored(sourceName, reader.ignored());
        return model;
    }

    /** In strict mode, the first element that changes the simulation refuses the read, the others counted. */
    private void refuseIfStrict(List<IgnoredElement> ignored) {
        if (!strict) {
            return;
        }
        List<IgnoredElement> refused =
                ignored.stream().filter(IgnoredElement::affectsSimulation).toList();
        if (!refused.isEmpty()) {
            IgnoredElement first = refused.get(0);
            throw new SdfException(
                    first.file(),
                    first.line(),
                    first.column(),
                    first.where() + ": <" + first.element()
                            + "> is not simulated by Orrery and orrery.sdf.unsupported is fail (" + refused.size()
                            + " such element(s): " + summary(refused) + ")");
        }
    }

    /** What changes the simulation at WARN, each by name and place; what only draws summarised at INFO. */
    private static void logIgnored(String source, List<IgnoredElement> ignored) {
        List<IgnoredElement> notSimulated =
                ignored.stream().filter(IgnoredElement::affectsSimulation).toList();
        if (!notSimulated.isEmpty() && LOG.isWarnEnabled()) {
            LOG.warn(
                    "{}: not simulated by Orrery ({}): {}",
                    LogSafe.of(source),
                    LogSafe.of(summary(notSimulated)),
                    LogSafe.of(notSimulated.stream()
                                    .limit(LOGGED_BY_NAME)
                                    .map(e -> "<" + e.element() + "> " + e.where() + " line " + e.line())
                                    .collect(Collectors.joining("; "))
                            + (notSimulated.size() > LOGGED_BY_NAME ? "; ..." : "")));
        }
        if (ignored.size() > notSimulated.size() && LOG.isInfoEnabled()) {
            LOG.info(
                    "{}: drawing only, not simulated: {}",
                    LogSafe.of(source),
                    LogSafe.of(summary(
                            ignored.stream().filter(e -> !e.affectsSimulation()).toList())));
        }
    }

    /** "3 light, 12 visual, 1 sensor": counts by element name, in order of first appearance. */
    static String summary(List<IgnoredElement> ignored) {
        Map<String, Long> counts = ignored.stream()
                .collect(Collectors.groupingBy(IgnoredElement::element, LinkedHashMap::new, Collectors.counting()));
        return counts.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", "));
    }
}
