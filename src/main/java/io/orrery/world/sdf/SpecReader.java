package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.tag;

import io.orrery.log.LogSafe;
import io.orrery.world.AtmosphereSpec;
import io.orrery.world.IgnoredElement;
import io.orrery.world.LightSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PerformerSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.RoadSpec;
import io.orrery.world.SceneSpec;
import io.orrery.world.SourceDocument;
import io.orrery.world.SphericalCoordinates;
import io.orrery.world.StateSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.jdom2.Document;
import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one parsed SDF document into world records: a world file, or a model snippet sent to spawn. One instance per
 * load: it collects the ignored elements, and its model reader tracks the include chain.
 */
final class SpecReader {

    // logged under SdfReader, the logger users configure for SDF reading
    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);

    private static final Vec3 DEFAULT_GRAVITY = new Vec3(0, 0, -9.8);

    private final Document document;
    private final ModelPath modelPath;
    private final SdfLimits limits;
    private final IgnoredElements ignored;
    private final GeometryReader geometries;
    private final Set<String> simulatedSensors;

    SpecReader(
            Document document,
            ModelPath modelPath,
            SdfLimits limits,
            MeshLoader meshes,
            Set<String> simulatedSensors,
            Predicate<PluginSpec> simulatedPlugins,
            SdfReader.PluginParts pluginParts) {
        this.document = document;
        this.modelPath = modelPath;
        this.limits = limits;
        this.ignored = new IgnoredElements(Values.source(document.getRootElement()), simulatedPlugins, pluginParts);
        this.geometries = new GeometryReader(new MeshFiles(modelPath, meshes));
        this.simulatedSensors = simulatedSensors;
    }

    List<IgnoredElement> ignored() {
        return ignored.list();
    }

    /** The document as a world file read from {@code source}; {@code text} is kept for saving. */
    WorldSpec world(Path source, String text) {
        Element root = document.getRootElement();
        String version = SdfFiles.version(root);
        List<Element> worlds = root.getChildren("world");
        if (worlds.size() != 1) {
            throw fail(
                    worlds.isEmpty() ? root : worlds.get(1),
                    "",
                    "expected exactly one <world> in <sdf>, found " + worlds.size());
        }
        for (Element c : root.getChildren()) {
            if (!c.getQualifiedName().equals("world")) {
                ignored.add(c, "sdf");
            }
        }
        Element w = worlds.get(0);
        String name = Values.requiredAttribute(w, "name", "");
        ignored.world(name);
        String where = "world '" + name + "'";
        Vec3 gravity = DEFAULT_GRAVITY;
        Vec3 magneticField = WorldSpec.DEFAULT_MAGNETIC_FIELD;
        List<Element> physics = new ArrayList<>();
        Optional<Pose> camera = Optional.empty();
        List<RoadSpec> roads = new ArrayList<>();
        List<PluginSpec> plugins = new ArrayList<>();
        Siblings<ModelReader.Read> models =
                new Siblings<>(where, "model", r -> r.spec().name());
        List<Element> frames = new ArrayList<>();
        WorldElements elements = new WorldElements(ignored);
        ModelReader modelReader = new ModelReader(
                ignored, new IncludeResolver(modelPath, limits, List.of(source)), limits, geometries, simulatedSensors);
        List<Element> states = new ArrayList<>();
        SceneSpec scene = SceneSpec.DEFAULT;
        List<LightSpec> lights = new ArrayList<>();
        Optional<SphericalCoordinates> spherical = Optional.empty();
        Vec3 wind = Vec3.ZERO;
        List<PerformerSpec> performers = new ArrayList<>();
        AtmosphereSpec atmosphere = AtmosphereSpec.DEFAULT;
        for (Element c : w.getChildren()) {
            switch (c.getQualifiedName()) {
                case "gravity" -> gravity = Values.vec3(c, where);
                case "magnetic_field" -> magneticField = Values.vec3(c, where);
                case "physics" -> physics.add(c);
                case "gui" -> camera = elements.guiCamera(c, where);
                case "road" -> roads.add(elements.road(c, where));
                case "plugin" -> {
                    plugins.add(PluginReader.plugin(c, where, ignored));
                    if (WorldElements.isServerConfiguration(c)) {
                        performers.addAll(elements.performers(c, where));
                    }
                }
                case "model" -> models.add(c, modelReader.model(c));
                case "include" -> modelReader.include(c, where).ifPresent(m -> models.add(c, m));
                case "state" -> states.add(c);
                case "spherical_coordinates" -> {
                    spherical = WorldElements.sphericalCoordinates(c, where);
                    if (spherical.isEmpty()) {
                        ignored.add(c, where);
                    }
                }
                case "frame" -> frames.add(c);
                case "wind" -> wind = wind(c, where);
                case "atmosphere" -> {
                    atmosphere = atmosphere(c, where);
                    ignored.add(c, where); // thermal cameras' ambient; not simulated as air
                }
                case "scene" -> {
                    scene = WorldElements.scene(c, where);
                    ignored.add(c, where); // drawn by cameras, not simulated
                }
                case "light" -> {
                    lights.add(LightReader.worldLight(c, where));
                    ignored.add(c, where);
                }
                case "population", "joint" -> {
                    LOG.warn(
                            "{}:{}: {}: <{}> is not supported and is ignored",
                            LogSafe.of(Values.source(c)),
                            line(c),
                            LogSafe.of(where),
                            c.getQualifiedName());
                    ignored.add(c, where);
                }
                default -> ignored.add(c, where);
            }
        }
        List<ModelSpec> placed = placeInWorld(name, where, frames, models.list());
        if (states.size() > 1) {
            throw fail(states.get(1), where, "expected at most one <state> in a world, found " + states.size());
        }
        // read once the models are known: a state names theirs
        Optional<StateSpec> state =
                states.stream().findFirst().map(e -> new StateReader(ignored).read(e, name, placed));
        return new WorldSpec(
                source,
                version,
                name,
                gravity,
                magneticField,
                elements.physics(physics, where),
                camera,
                roads,
                plugins,
                placed,
                ignored.list(),
                new SourceDocument(text),
                state,
                scene,
                lights,
                spherical,
                wind,
                performers,
                atmosphere);
    }

    /**
     * {@code <atmosphere>}: its sea-level {@code <temperature>} (above zero), {@code <pressure>} (zero or more) and
     * {@code <temperature_gradient>}, SDF's defaults for what it leaves out.
     */
    private static AtmosphereSpec atmosphere(Element a, String where) {
        AtmosphereSpec d = AtmosphereSpec.DEFAULT;
        double temperature = d.temperature(), pressure = d.pressure(), gradient = d.temperatureGradient();
        for (Element c : a.getChildren()) {
            switch (c.getQualifiedName()) {
                case "temperature" -> temperature = Values.positive(c, where);
                case "pressure" -> pressure = Values.nonNegative(c, where);
                case "temperature_gradient" -> gradient = Values.number(c, where);
                default -> {
                    // SDF's atmosphere holds nothing else; an unknown child is the document's to refuse
                }
            }
        }
        return new AtmosphereSpec(temperature, pressure, gradient);
    }

    /** {@code <wind>}: its {@code <linear_velocity>} (SDF's default zero), the only thing SDF's wind holds. */
    private Vec3 wind(Element w, String where) {
        Vec3 velocity = Vec3.ZERO;
        for (Element c : w.getChildren()) {
            if (c.getQualifiedName().equals("linear_velocity")) {
                velocity = Values.vec3(c, where + " wind");
            } else {
                ignored.add(c, where + " wind");
            }
        }
        return velocity;
    }

    /**
     * The top-level models in the world frame: a model's pose may be relative to a {@code <frame>} of the world or
     * to another model (or one of its frames), as libsdformat resolves it.
     */
    private static List<ModelSpec> placeInWorld(
            String worldName, String where, List<Element> frames, List<ModelReader.Read> models) {
        FrameGraph graph = new FrameGraph(worldName, true, where);
        for (Element f : frames) {
            String frame = Values.requiredAttribute(f, "name", where);
            String frameWhere = where + " frame '" + frame + "'";
            Frames.checkNotReserved(f, frameWhere, "frame", frame);
            Element pose = f.getChild("pose");
            String attachedTo = f.getAttributeValue("attached_to", "").strip();
            String relativeTo = Frames.relativeTo(pose);
            graph.add(
                    FrameGraph.Kind.FRAME,
                    frame,
                    pose == null ? f : pose,
                    relativeTo.isEmpty() ? attachedTo : relativeTo,
                    Frames.raw(pose, frameWhere),
                    attachedTo,
                    true);
        }
        for (ModelReader.Read m : models) {
            String name = m.spec().name();
            graph.add(
                    FrameGraph.Kind.MODEL,
                    name,
                    m.at(),
                    m.relativeTo(),
                    m.placedPose(),
                    name + "::" + FrameGraph.MODEL_FRAME,
                    true);
            graph.importNested(name, m.frames().export());
        }
        graph.check();
        return models.stream()
                .map(m -> m.placed(graph.inScope(m.spec().name())))
                .toList();
    }

    /** The document as a model to spawn: {@code <model>}, {@code <include>}, or either inside {@code <sdf>}. */
    ModelSpec snippetModel() {
        Element root = document.getRootElement();
        Element element = root;
        if (root.getQualifiedName().equals("sdf")) {
            SdfFiles.version(root);
            List<Element> candidates = new ArrayList<>();
            for (Element c : root.getChildren()) {
                if (c.getQualifiedName().equals("model") || c.getQualifiedName().equals("include")) {
                    candidates.add(c);
                } else {
                    ignored.add(c, "sdf");
                }
            }
            if (candidates.size() != 1) {
                throw fail(
                        candidates.isEmpty() ? root : candidates.get(1),
                        "",
                        "expected exactly one <model> (or <include>) in <sdf>, found " + candidates.size());
            }
            element = candidates.get(0);
        }
        ModelReader modelReader = new ModelReader(
                ignored, new IncludeResolver(modelPath, limits, List.of()), limits, geometries, simulatedSensors);
        ModelReader.Read read = switch (element.getQualifiedName()) {
            case "model" -> modelReader.model(element);
            case "include" ->
                modelReader
                        .include(element, "")
                        .orElseThrow(() -> fail(root, "", "the included file holds no <model>"));
            default -> throw fail(element, "", "expected <model>, <include> or <sdf>, got " + tag(element));
        };
        String relativeTo = read.relativeTo();
        if (!relativeTo.isEmpty() && !relativeTo.equals(FrameGraph.WORLD_FRAME)) {
            // the running world's frames are not in the snippet's scope
            throw fail(
                    read.at(),
                    "model '" + read.spec().name() + "'",
                    "relative_to name[" + relativeTo
                            + "] specified by model with name[" + read.spec().name()
                            + "] does not match a model or frame"
                            + " name in the snippet: a spawned model's pose is in the world frame");
        }
        return read.placed(read.placedPose());
    }
}
