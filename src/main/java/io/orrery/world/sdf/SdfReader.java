package io.orrery.world.sdf;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import org.jdom2.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.orrery.world.IgnoredElement;
import io.orrery.world.ModelSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.MeshLoader;

/**
 * Reads SDF 1.6 to 1.11 worlds and models into immutable records. Thread-safe: every read keeps its own state.
 * Every problem is an {@link SdfException} naming file, line and column; elements Orrery does not simulate are
 * listed in {@link WorldSpec#ignored()} and summarised once per load at INFO.
 */
public final class SdfReader {

    /** The environment variable whose ':'-separated directories extend the model path, as in Gazebo Sim. */
    public static final String RESOURCE_PATH_VARIABLE = "GZ_SIM_RESOURCE_PATH";

    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);

    private final ModelPath modelPath;
    private final SdfLimits limits;
    private final MeshLoader meshes;

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
        this(modelPath, limits, MeshLoader.SHARED);
    }

    /** A reader with its own limits, reading meshes and heightmaps through {@code meshes} (and its cache). */
    public SdfReader(List<Path> modelPath, SdfLimits limits, MeshLoader meshes) {
        this.modelPath = new ModelPath(modelPath);
        this.limits = Objects.requireNonNull(limits, "limits");
        this.meshes = Objects.requireNonNull(meshes, "meshes");
    }

    /** A reader whose model path is the configured directories followed by those of GZ_SIM_RESOURCE_PATH. */
    public static SdfReader withEnvironment(List<Path> configuredModelPath) {
        return withEnvironment(configuredModelPath, System.getenv(RESOURCE_PATH_VARIABLE));
    }

    static SdfReader withEnvironment(List<Path> configuredModelPath, String resourcePath) {
        List<Path> path = new ArrayList<>(configuredModelPath);
        path.addAll(ModelPath.parse(resourcePath));
        return new SdfReader(path);
    }

    /** The same reader with other limits. */
    public SdfReader withLimits(SdfLimits newLimits) {
        return new SdfReader(modelPath.directories(), newLimits, meshes);
    }

    /** The same reader, reading meshes and heightmaps through {@code loader} (its limits and its cache). */
    public SdfReader withMeshes(MeshLoader loader) {
        return new SdfReader(modelPath.directories(), limits, loader);
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

    /** Reads a world from bytes as if they were the content of {@code file} (includes resolve beside it). */
    WorldSpec read(Path file, byte[] content) {
        return read(new SdfFiles.FileText(file.toAbsolutePath().normalize(), content));
    }

    private WorldSpec read(SdfFiles.FileText text) {
        Document document = SdfFiles.parse(text, limits);
        WorldSpec world = new SpecReader(document, modelPath, limits, meshes).world(text.path(), text.text());
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
        SpecReader reader = new SpecReader(document, modelPath, limits, meshes);
        ModelSpec model = reader.snippetModel();
        logIgnored(sourceName, reader.ignored());
        return model;
    }

    private static void logIgnored(String source, List<IgnoredElement> ignored) {
        if (!ignored.isEmpty() && LOG.isInfoEnabled()) {
            LOG.info("{}: ignored (not simulated): {}", source, summary(ignored));
        }
    }

    /** "3 light, 12 visual, 1 sensor": counts by element name, in order of first appearance. */
    static String summary(List<IgnoredElement> ignored) {
        Map<String, Long> counts = ignored.stream().collect(Collectors.groupingBy(IgnoredElement::element,
                LinkedHashMap::new, Collectors.counting()));
        return counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", "));
    }
}
