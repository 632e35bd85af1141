package io.orrery.world.sdf;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

import org.jdom2.Attribute;
import org.jdom2.Document;
import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.IgnoredElement;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.RoadSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.SourceDocument;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.tag;
import static io.orrery.world.sdf.Values.text;

/**
 * Turns parsed SDF documents into world records. One instance per load: it collects the ignored elements and
 * tracks the include chain.
 */
final class SpecReader {

    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);

    static final List<String> SUPPORTED_VERSIONS = List.of("1.6", "1.7", "1.8", "1.9", "1.10", "1.11");
    static final Vec3 DEFAULT_GRAVITY = new Vec3(0, 0, -9.8);
    private static final double DEFAULT_DENSITY = 1000; // kg/m³, SDF 1.11's default (water)
    private static final int MAX_INCLUDE_DEPTH = 32;
    private static final String GEOMETRIES =
            "box, sphere, cylinder, capsule, ellipsoid, cone, plane, mesh, heightmap, polyline, image or empty";
    private static final Set<String> UNSUPPORTED_JOINTS = Set.of("universal", "revolute2", "screw", "gearbox");
    private static final String PATH = "orrery.path";

    private final ModelPath modelPath;
    private final long maxBytes;
    private final List<IgnoredElement> ignored = new ArrayList<>();
    private final Deque<Path> includeChain = new ArrayDeque<>();
    private String mainSource = "";

    SpecReader(ModelPath modelPath, long maxBytes) {
        this.modelPath = modelPath;
        this.maxBytes = maxBytes;
    }

    List<IgnoredElement> ignored() {
        return List.copyOf(ignored);
    }

    /** A file read whole, within the size bound. */
    record FileText(Path path, byte[] bytes) {

        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    static FileText readFile(Path file, long maxBytes) {
        Path absolute = file.toAbsolutePath().normalize();
        String source = absolute.toString();
        try {
            SecureXml.checkSize(Files.size(absolute), source, maxBytes);
            return new FileText(absolute, Files.readAllBytes(absolute));
        } catch (IOException e) {
            throw new SdfException(source, 0, 0, "cannot read the file: " + e, e);
        }
    }

    static Document parse(FileText file, long maxBytes) {
        Document document = SecureXml.parse(file.bytes(), file.path().toString(), maxBytes);
        document.setProperty(PATH, file.path());
        return document;
    }

    // ---------------------------------------------------------------- documents

    WorldSpec world(Document document, Path source, String text) {
        mainSource = source.toString();
        includeChain.push(source);
        Element root = document.getRootElement();
        String version = sdfVersion(root);
        List<Element> worlds = root.getChildren("world");
        if (worlds.size() != 1) {
            throw fail(worlds.isEmpty() ? root : worlds.get(1), "",
                    "expected exactly one <world> in <sdf>, found " + worlds.size());
        }
        for (Element c : root.getChildren()) {
            if (!c.getQualifiedName().equals("world")) {
                ignore(c, "sdf");
            }
        }
        Element w = worlds.get(0);
        String name = Values.requiredAttribute(w, "name", "");
        String where = "world '" + name + "'";
        Vec3 gravity = DEFAULT_GRAVITY;
        List<Element> physics = new ArrayList<>();
        Optional<Pose> camera = Optional.empty();
        List<RoadSpec> roads = new ArrayList<>();
        List<PluginSpec> plugins = new ArrayList<>();
        Models models = new Models(where, "model");
        for (Element c : w.getChildren()) {
            switch (c.getQualifiedName()) {
                case "gravity" -> gravity = Values.vec3(c, where);
                case "physics" -> physics.add(c);
                case "gui" -> camera = guiCamera(c, where);
                case "road" -> roads.add(road(c, where));
                case "plugin" -> plugins.add(plugin(c, where));
                case "model" -> models.add(c, model(c, null, "", null));
                case "include" -> include(c, null, "", where).ifPresent(m -> models.add(c, m));
                case "population", "joint" -> {
                    LOG.warn("{}:{}: {}: <{}> is not supported and is ignored", source(c), line(c), where,
                            c.getQualifiedName());
                    ignore(c, where);
                }
                default -> ignore(c, where);
            }
        }
        return new WorldSpec(source, version, name, gravity, physics(physics, where), camera, roads, plugins,
                models.list(), ignored, new SourceDocument(text));
    }

    /** A model spawned from a snippet: {@code <model>}, {@code <include>}, or either inside {@code <sdf>}. */
    ModelSpec snippetModel(Document document) {
        Element root = document.getRootElement();
        mainSource = Values.source(root);
        Element element = root;
        if (root.getQualifiedName().equals("sdf")) {
            sdfVersion(root);
            List<Element> candidates = new ArrayList<>();
            for (Element c : root.getChildren()) {
                if (c.getQualifiedName().equals("model") || c.getQualifiedName().equals("include")) {
                    candidates.add(c);
                } else {
                    ignore(c, "sdf");
                }
            }
            if (candidates.size() != 1) {
                throw fail(candidates.isEmpty() ? root : candidates.get(1), "",
                        "expected exactly one <model> (or <include>) in <sdf>, found " + candidates.size());
            }
            element = candidates.get(0);
        }
        return switch (element.getQualifiedName()) {
            case "model" -> model(element, null, "", null);
            case "include" -> include(element, null, "", "").orElseThrow(() -> fail(root, "",
                    "the included file holds no <model>"));
            default -> throw fail(element, "", "expected <model>, <include> or <sdf>, got " + tag(element));
        };
    }

    private static String sdfVersion(Element root) {
        if (!root.getQualifiedName().equals("sdf")) {
            throw fail(root, "", "expected the root element <sdf>, got " + tag(root));
        }
        String version = Values.requiredAttribute(root, "version", "");
        if (!SUPPORTED_VERSIONS.contains(version)) {
            throw fail(root, "", "SDF version '" + version + "' is not supported: expected 1.6 to 1.11");
        }
        return version;
    }

    // ---------------------------------------------------------------- world parts

    private PhysicsSpec physics(List<Element> candidates, String worldWhere) {
        if (candidates.isEmpty()) {
            return PhysicsSpec.DEFAULT;
        }
        Element chosen = candidates.stream()
                .filter(p -> Values.boolAttribute(p, "default", false, worldWhere))
                .findFirst().orElse(candidates.get(0));
        for (Element other : candidates) {
            if (other != chosen) {
                ignore(other, worldWhere);
            }
        }
        String where = worldWhere + " physics '" + chosen.getAttributeValue("name", "") + "'";
        double step = PhysicsSpec.DEFAULT.maxStepSize();
        double factor = PhysicsSpec.DEFAULT.realTimeFactor();
        double rate = PhysicsSpec.DEFAULT.realTimeUpdateRate();
        for (Element c : chosen.getChildren()) {
            switch (c.getQualifiedName()) {
                case "max_step_size" -> step = Values.positive(c, where);
                case "real_time_factor" -> factor = Values.nonNegative(c, where);
                case "real_time_update_rate" -> rate = Values.nonNegative(c, where);
                default -> ignore(c, where);
            }
        }
        return new PhysicsSpec(step, factor, rate);
    }

    private Optional<Pose> guiCamera(Element gui, String worldWhere) {
        String where = worldWhere + " gui";
        Optional<Pose> pose = Optional.empty();
        for (Element c : gui.getChildren()) {
            if (!c.getQualifiedName().equals("camera")) {
                ignore(c, where);
                continue;
            }
            for (Element p : c.getChildren()) {
                if (p.getQualifiedName().equals("pose")) {
                    checkRelativeTo(p, where + " camera", List.of("world"), "the world");
                    pose = Optional.of(Values.pose(p, where + " camera"));
                } else {
                    ignore(p, where + " camera");
                }
            }
        }
        return pose;
    }

    private RoadSpec road(Element road, String worldWhere) {
        String name = Values.requiredAttribute(road, "name", worldWhere);
        String where = worldWhere + " road '" + name + "'";
        double width = 1.0;
        List<Vec3> points = new ArrayList<>();
        for (Element c : road.getChildren()) {
            switch (c.getQualifiedName()) {
                case "width" -> width = Values.positive(c, where);
                case "point" -> points.add(Values.vec3(c, where));
                default -> ignore(c, where);
            }
        }
        return new RoadSpec(name, width, points);
    }

    private PluginSpec plugin(Element p, String where) {
        String name = Values.requiredAttribute(p, "name", where);
        String filename = Values.requiredAttribute(p, "filename", where);
        String pluginWhere = where + " plugin '" + name + "'";
        OptionalInt priority = OptionalInt.empty();
        List<SdfElement> parameters = new ArrayList<>();
        for (Element c : p.getChildren()) {
            parameters.add(tree(c));
            // gz-sim writes <gz:system_priority>; any prefix (or none) is accepted
            if (c.getName().equals("system_priority") && priority.isEmpty()) {
                priority = OptionalInt.of(Values.integer(c, pluginWhere));
            }
        }
        boolean required = Values.boolAttribute(p, "required", false, pluginWhere);
        return new PluginSpec(name, filename, parameters, priority, required, line(p));
    }

    private static SdfElement tree(Element e) {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Attribute a : e.getAttributes()) {
            attributes.put(a.getQualifiedName(), a.getValue());
        }
        List<SdfElement> children = e.getChildren().stream().map(SpecReader::tree).toList();
        return new SdfElement(e.getQualifiedName(), attributes, text(e), children);
    }

    // ---------------------------------------------------------------- models

    /** Sibling models of one scope, names unique. */
    private static final class Models {
        private final String where;
        private final String kind;
        private final Map<String, Element> elements = new HashMap<>();
        private final Map<String, ModelSpec> models = new LinkedHashMap<>();

        Models(String where, String kind) {
            this.where = where;
            this.kind = kind;
        }

        void add(Element element, ModelSpec model) {
            Element first = elements.putIfAbsent(model.name(), element);
            if (first != null) {
                throw fail(element, where, "duplicate " + kind + " name '" + model.name()
                        + "' (first defined at line " + line(first) + ")");
            }
            models.put(model.name(), model);
        }

        List<ModelSpec> list() {
            return List.copyOf(models.values());
        }

        Map<String, ModelSpec> byName() {
            return models;
        }
    }

    /**
     * A {@code <model>}.
     *
     * @param parentName the parent model's name, or null for a top-level model
     * @param scopePrefix the parent's scoped name and {@code ::}, for messages
     * @param nameOverride an include's {@code <name>}, or null
     */
    private ModelSpec model(Element m, String parentName, String scopePrefix, String nameOverride) {
        String name = nameOverride != null ? nameOverride : Values.requiredAttribute(m, "name",
                parentName == null ? "" : "model '" + scopePrefix.substring(0, scopePrefix.length() - 2) + "'");
        String scoped = scopePrefix + name;
        String where = "model '" + scoped + "'";
        Pose pose = Pose.IDENTITY;
        boolean isStatic = false;
        boolean autoDisable = true;
        Map<String, LinkSpec> links = new LinkedHashMap<>();
        Map<String, Element> linkElements = new HashMap<>();
        List<Element> jointElements = new ArrayList<>();
        List<PluginSpec> plugins = new ArrayList<>();
        Models nested = new Models(where, "nested model");
        for (Element c : m.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = modelPose(c, where, parentName);
                case "static" -> isStatic = Values.bool(c, where);
                case "allow_auto_disable" -> autoDisable = Values.bool(c, where);
                case "link" -> {
                    LinkSpec link = link(c, where);
                    Element first = linkElements.putIfAbsent(link.name(), c);
                    if (first != null) {
                        throw fail(c, where, "duplicate link name '" + link.name() + "' (first defined at line "
                                + line(first) + ")");
                    }
                    links.put(link.name(), link);
                }
                case "joint" -> jointElements.add(c);
                case "plugin" -> plugins.add(plugin(c, where));
                case "model" -> nested.add(c, model(c, name, scoped + "::", null));
                case "include" -> include(c, name, scoped + "::", where).ifPresent(n -> nested.add(c, n));
                default -> ignore(c, where);
            }
        }
        LinkResolver resolver = new LinkResolver(links, nested.byName());
        List<JointSpec> joints = new ArrayList<>();
        Map<String, Element> jointNames = new HashMap<>();
        for (Element j : jointElements) {
            Optional<JointSpec> joint = joint(j, where, resolver);
            if (joint.isPresent()) {
                Element first = jointNames.putIfAbsent(joint.get().name(), j);
                if (first != null) {
                    throw fail(j, where, "duplicate joint name '" + joint.get().name()
                            + "' (first defined at line " + line(first) + ")");
                }
                joints.add(joint.get());
            }
        }
        List<LinkSpec> linkList = new ArrayList<>(links.values());
        String canonical = m.getAttributeValue("canonical_link");
        if (canonical != null && !canonical.isBlank()) {
            LinkSpec link = links.get(canonical.strip());
            if (link != null) {
                // ModelSpec's canonical link is the first one
                linkList.remove(link);
                linkList.add(0, link);
            } else if (resolver.resolve(canonical.strip()).isEmpty()) {
                throw fail(m, where, "canonical_link='" + canonical + "' names no link of the model");
            }
        }
        String placement = m.getAttributeValue("placement_frame");
        if (placement != null && !placement.isBlank()) {
            pose = placed(m, where, pose, placement.strip(), links);
        }
        return new ModelSpec(name, pose, isStatic, autoDisable, linkList, joints, plugins, nested.list(),
                Optional.empty(), line(m));
    }

    /** A model pose given for its placement frame (a link): the model frame that puts that link there. */
    private static Pose placed(Element at, String where, Pose placementPose, String frame,
            Map<String, LinkSpec> links) {
        LinkSpec link = links.get(frame);
        if (link == null) {
            throw fail(at, where, "placement_frame='" + frame + "' is not supported: only a link of the model"
                    + " can be named");
        }
        return placementPose.compose(link.pose().inverse());
    }

    private static Pose modelPose(Element pose, String where, String parentName) {
        if (parentName == null) {
            checkRelativeTo(pose, where, List.of("world"), "the world");
        } else {
            checkRelativeTo(pose, where, List.of("__model__", parentName), "the parent model '" + parentName
                    + "' or '__model__'");
        }
        return Values.pose(pose, where);
    }

    /** Only the default parent frame may be named: anything else would need a frame graph Orrery does not build. */
    private static void checkRelativeTo(Element pose, String where, List<String> allowed, String parentFrame) {
        for (String attribute : List.of("relative_to", "frame")) {
            String value = pose.getAttributeValue(attribute);
            if (value != null && !value.isBlank() && !allowed.contains(value.strip())) {
                throw fail(pose, where, attribute + "='" + value + "' is not supported: only the parent frame ("
                        + parentFrame + ") can be named, so the pose cannot be placed");
            }
        }
    }

    private Optional<ModelSpec> include(Element inc, String parentName, String scopePrefix, String where) {
        if (Values.boolAttribute(inc, "merge", false, where)) {
            throw fail(inc, where, "<include merge=\"true\"> is not supported: include the model without merge");
        }
        Element uriElement = null;
        String name = null;
        Element poseElement = null;
        Boolean isStatic = null;
        String placement = null;
        List<PluginSpec> plugins = new ArrayList<>();
        for (Element c : inc.getChildren()) {
            switch (c.getQualifiedName()) {
                case "uri" -> uriElement = c;
                case "name" -> name = text(c);
                case "pose" -> poseElement = c;
                case "static" -> isStatic = Values.bool(c, where);
                case "placement_frame" -> placement = text(c);
                case "plugin" -> plugins.add(plugin(c, where));
                default -> ignore(c, where);
            }
        }
        if (uriElement == null || text(uriElement).isEmpty()) {
            throw fail(inc, where, "<include> needs a <uri>");
        }
        String uri = text(uriElement);
        Path file = includedFile(uriElement, uri, where);
        if (includeChain.contains(file)) {
            throw fail(uriElement, where, "include cycle: '" + uri + "' includes " + file + " again");
        }
        if (includeChain.size() > MAX_INCLUDE_DEPTH) {
            throw fail(uriElement, where, "includes nest deeper than " + MAX_INCLUDE_DEPTH);
        }
        Document document = parse(readFile(file, maxBytes), maxBytes);
        Element root = document.getRootElement();
        sdfVersion(root);
        Element modelElement = root.getChild("model");
        if (modelElement == null) {
            if (!root.getChildren().isEmpty()) {
                // an included light or actor: kept, not simulated
                Element other = root.getChildren().get(0);
                ignored.add(new IgnoredElement(other.getQualifiedName(), where + " include '" + uri + "'",
                        line(inc)));
                return Optional.empty();
            }
            throw fail(uriElement, where, "'" + uri + "' (" + file + ") holds no <model>");
        }
        includeChain.push(file);
        ModelSpec model;
        try {
            model = model(modelElement, parentName, scopePrefix, name == null || name.isEmpty() ? null : name);
        } finally {
            includeChain.pop();
        }
        Pose pose = poseElement == null ? model.pose()
                : modelPose(poseElement, "model '" + scopePrefix + model.name() + "'", parentName);
        if (placement != null && !placement.isEmpty()) {
            Map<String, LinkSpec> links = new HashMap<>();
            model.links().forEach(l -> links.put(l.name(), l));
            pose = placed(inc, where, pose, placement, links);
        }
        List<PluginSpec> allPlugins = new ArrayList<>(model.plugins());
        allPlugins.addAll(plugins);
        return Optional.of(new ModelSpec(model.name(), pose, isStatic != null ? isStatic : model.isStatic(),
                model.allowAutoDisable(), model.links(), model.joints(), allPlugins, model.models(),
                Optional.of(uri), line(inc)));
    }

    /** The SDF file an include URI names; remote URIs are refused, never fetched. */
    private Path includedFile(Element uriElement, String uri, String where) {
        if (ModelPath.isRemote(uri)) {
            throw fail(uriElement, where, "remote include '" + uri + "' is not fetched: Orrery reads models only"
                    + " from the model path " + modelPath + "; download the model into one of those directories"
                    + " and use model://<name>");
        }
        Path target;
        if (uri.startsWith("model://")) {
            String rest = uri.substring("model://".length());
            int slash = rest.indexOf('/');
            String modelName = slash < 0 ? rest : rest.substring(0, slash);
            Path dir = modelPath.find(modelName).orElseThrow(() -> fail(uriElement, where, "model '" + modelName
                    + "' (" + uri + ") not found in the model path " + modelPath
                    + " (set the configured model path or GZ_SIM_RESOURCE_PATH)"));
            target = slash < 0 ? dir : dir.resolve(rest.substring(slash + 1));
        } else if (uri.startsWith("file://")) {
            try {
                target = Path.of(URI.create(uri));
            } catch (IllegalArgumentException e) {
                throw fail(uriElement, where, "'" + uri + "' is not a valid file URI: " + e.getMessage());
            }
        } else if (uri.contains("://")) {
            throw fail(uriElement, where, "include '" + uri + "' is not supported: expected model://<name>,"
                    + " file:// or a path");
        } else {
            Object including = uriElement.getDocument().getProperty(PATH);
            Path base = including instanceof Path p ? p.getParent() : Path.of("");
            target = base.resolve(uri);
        }
        target = target.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            return modelFile(uriElement, uri, target, where);
        }
        if (Files.isRegularFile(target)) {
            return target;
        }
        throw fail(uriElement, where, "include '" + uri + "': " + target + " does not exist");
    }

    /** The SDF file of a model directory: the one model.config names (highest supported version), else model.sdf. */
    private Path modelFile(Element uriElement, String uri, Path dir, String where) {
        Path config = dir.resolve("model.config");
        if (Files.isRegularFile(config)) {
            Element root = parse(readFile(config, maxBytes), maxBytes).getRootElement();
            Element best = null;
            int bestRank = -1;
            for (Element sdf : root.getChildren("sdf")) {
                int rank = SUPPORTED_VERSIONS.indexOf(sdf.getAttributeValue("version", "").strip());
                if (best == null || rank > bestRank) {
                    best = sdf;
                    bestRank = rank;
                }
            }
            if (best != null && !text(best).isEmpty()) {
                Path file = dir.resolve(text(best)).normalize();
                if (!Files.isRegularFile(file)) {
                    throw fail(best, "", "model.config names " + text(best) + ", but " + file
                            + " does not exist");
                }
                return file;
            }
        }
        Path sdf = dir.resolve("model.sdf");
        if (Files.isRegularFile(sdf)) {
            return sdf;
        }
        throw fail(uriElement, where, "include '" + uri + "': model directory " + dir
                + " has neither a model.config naming an SDF file nor a model.sdf");
    }

    // ---------------------------------------------------------------- links

    /** A collision and its own {@code <density>}, for auto inertia. */
    private record ParsedCollision(CollisionSpec spec, OptionalDouble density) {
    }

    private LinkSpec link(Element l, String modelWhere) {
        String name = Values.requiredAttribute(l, "name", modelWhere);
        String where = modelWhere + " link '" + name + "'";
        Pose pose = Pose.IDENTITY;
        Element inertial = null;
        List<ParsedCollision> collisions = new ArrayList<>();
        Map<String, Element> collisionNames = new HashMap<>();
        for (Element c : l.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> {
                    checkRelativeTo(c, where, List.of("__model__"), "the model, '__model__'");
                    pose = Values.pose(c, where);
                }
                case "inertial" -> inertial = c;
                case "collision" -> {
                    ParsedCollision collision = collision(c, where, name);
                    Element first = collisionNames.putIfAbsent(collision.spec().name(), c);
                    if (first != null) {
                        throw fail(c, where, "duplicate collision name '" + collision.spec().name()
                                + "' (first defined at line " + line(first) + ")");
                    }
                    collisions.add(collision);
                }
                default -> ignore(c, where);
            }
        }
        Optional<InertialSpec> inertialSpec = inertial == null ? Optional.empty()
                : Optional.of(inertial(inertial, where, name, collisions));
        return new LinkSpec(name, pose, inertialSpec, collisions.stream().map(ParsedCollision::spec).toList());
    }

    private InertialSpec inertial(Element in, String where, String linkName, List<ParsedCollision> collisions) {
        Element mass = null;
        Element pose = null;
        Element inertia = null;
        Element density = null;
        for (Element c : in.getChildren()) {
            switch (c.getQualifiedName()) {
                case "mass" -> mass = c;
                case "pose" -> pose = c;
                case "inertia" -> inertia = c;
                case "density" -> density = c;
                default -> ignore(c, where);
            }
        }
        if (Values.boolAttribute(in, "auto", false, where)) {
            return autoInertial(in, where, mass, density, collisions);
        }
        Pose centre = Pose.IDENTITY;
        if (pose != null) {
            checkRelativeTo(pose, where + " inertial", List.of(linkName), "the link '" + linkName + "'");
            centre = Values.pose(pose, where + " inertial");
        }
        return new InertialSpec(mass == null ? 1.0 : mass(mass, where), centre,
                inertia == null ? Optional.empty() : Optional.of(inertia(inertia, where)));
    }

    /**
     * SDF 1.11's {@code <inertial auto="true">}: mass from density times the collision volumes (unless {@code <mass>}
     * is given), centre of mass at the mass-weighted collision origins; the inertia is left to physics, which
     * computes it from the shapes.
     */
    private static InertialSpec autoInertial(Element in, String where, Element mass, Element density,
            List<ParsedCollision> collisions) {
        if (collisions.isEmpty()) {
            throw fail(in, where, "<inertial auto=\"true\"> needs at least one <collision> to compute the mass from");
        }
        double linkDensity = density == null ? DEFAULT_DENSITY : Values.positive(density, where);
        double total = 0;
        Vec3 moment = Vec3.ZERO;
        for (ParsedCollision c : collisions) {
            OptionalDouble volume = volume(c.spec().geometry());
            if (volume.isEmpty()) {
                throw fail(in, where, "<inertial auto=\"true\"> cannot compute the volume of collision '"
                        + c.spec().name() + "' (" + geometryKind(c.spec().geometry()) + "): give <mass> and"
                        + " <inertia> instead");
            }
            double m = c.density().orElse(linkDensity) * volume.getAsDouble();
            total += m;
            moment = moment.plus(c.spec().pose().position().times(m));
        }
        double finalMass = mass != null ? mass(mass, where) : total;
        Pose centre = total > 0 ? new Pose(moment.times(1 / total), Quat.IDENTITY) : Pose.IDENTITY;
        return new InertialSpec(finalMass, centre, Optional.empty());
    }

    private static double mass(Element mass, String where) {
        double value = Values.number(mass, where);
        if (value < 0) {
            throw fail(mass, where, "<mass> must be a positive number (or 0 for a static body), got '"
                    + text(mass) + "'");
        }
        return value;
    }

    private InertialSpec.Inertia inertia(Element inertia, String where) {
        double[] v = {1, 0, 0, 1, 0, 1};
        List<String> names = List.of("ixx", "ixy", "ixz", "iyy", "iyz", "izz");
        for (Element c : inertia.getChildren()) {
            int index = names.indexOf(c.getQualifiedName());
            if (index < 0) {
                ignore(c, where);
            } else {
                boolean diagonal = index == 0 || index == 3 || index == 5;
                v[index] = diagonal ? Values.nonNegative(c, where) : Values.number(c, where);
            }
        }
        return new InertialSpec.Inertia(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    private ParsedCollision collision(Element c, String linkWhere, String linkName) {
        String name = Values.requiredAttribute(c, "name", linkWhere);
        String where = linkWhere + " collision '" + name + "'";
        Pose pose = Pose.IDENTITY;
        Element geometry = null;
        SurfaceSpec surface = SurfaceSpec.DEFAULT;
        OptionalDouble density = OptionalDouble.empty();
        for (Element e : c.getChildren()) {
            switch (e.getQualifiedName()) {
                case "pose" -> {
                    checkRelativeTo(e, where, List.of(linkName), "the link '" + linkName + "'");
                    pose = Values.pose(e, where);
                }
                case "geometry" -> geometry = e;
                case "surface" -> surface = surface(e, where);
                case "density" -> density = OptionalDouble.of(Values.positive(e, where));
                default -> ignore(e, where);
            }
        }
        if (geometry == null) {
            throw fail(c, where, "<collision> needs a <geometry>");
        }
        return new ParsedCollision(new CollisionSpec(name, pose, geometry(geometry, where), surface), density);
    }

    private SurfaceSpec surface(Element s, String where) {
        double friction = SurfaceSpec.DEFAULT.friction();
        double restitution = SurfaceSpec.DEFAULT.restitution();
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "friction" -> {
                    Element ode = c.getChild("ode");
                    Element bullet = c.getChild("bullet");
                    if (ode != null && ode.getChild("mu") != null) {
                        friction = Values.nonNegative(ode.getChild("mu"), where);
                    } else if (bullet != null && bullet.getChild("friction") != null) {
                        friction = Values.nonNegative(bullet.getChild("friction"), where);
                    }
                }
                case "bounce" -> {
                    Element coefficient = c.getChild("restitution_coefficient");
                    if (coefficient != null) {
                        restitution = Values.nonNegative(coefficient, where);
                    }
                }
                default -> ignore(c, where);
            }
        }
        return new SurfaceSpec(friction, restitution);
    }

    private static Geometry geometry(Element g, String where) {
        List<Element> shapes = g.getChildren();
        if (shapes.isEmpty()) {
            throw fail(g, where, "<geometry> is empty: expected one of " + GEOMETRIES);
        }
        if (shapes.size() > 1) {
            throw fail(shapes.get(1), where, "<geometry> must hold exactly one shape, found "
                    + shapes.stream().map(Values::tag).toList());
        }
        Element s = shapes.get(0);
        return switch (s.getQualifiedName()) {
            case "box" -> new Geometry.Box(optional(s, "size").map(e -> Values.positiveVec3(e, where))
                    .orElse(new Vec3(1, 1, 1)));
            case "sphere" -> new Geometry.Sphere(positive(s, "radius", 1, where));
            case "cylinder" -> new Geometry.Cylinder(positive(s, "radius", 1, where), positive(s, "length", 1, where));
            case "capsule" -> new Geometry.Capsule(positive(s, "radius", 0.5, where),
                    positive(s, "length", 1, where));
            case "ellipsoid" -> new Geometry.Ellipsoid(optional(s, "radii").map(e -> Values.positiveVec3(e, where))
                    .orElse(new Vec3(1, 1, 1)));
            case "cone" -> new Geometry.Cone(positive(s, "radius", 1, where), positive(s, "length", 1, where));
            case "plane" -> plane(s, where);
            case "mesh", "heightmap", "image" -> unsupported(s, where,
                    optional(s, "uri").map(Values::text).orElse(""));
            case "polyline" -> unsupported(s, where, s.getChildren("point").size() + " points");
            case "empty" -> new Geometry.Unsupported("empty", "");
            default -> throw fail(s, where, "unknown geometry " + tag(s) + ": expected one of " + GEOMETRIES);
        };
    }

    private static Geometry plane(Element s, String where) {
        Vec3 normal = Vec3.UNIT_Z;
        double sizeX = 1;
        double sizeY = 1;
        Element n = s.getChild("normal");
        if (n != null) {
            normal = Values.vec3(n, where);
            if (normal.length() == 0) {
                throw fail(n, where, "<normal> must not be the zero vector");
            }
            normal = normal.normalized();
        }
        Element size = s.getChild("size");
        if (size != null) {
            double[] v = Values.numbers(size, 2, where);
            if (v[0] <= 0 || v[1] <= 0) {
                throw fail(size, where, "<size> must be two positive numbers, got '" + text(size) + "'");
            }
            sizeX = v[0];
            sizeY = v[1];
        }
        return new Geometry.Plane(normal, sizeX, sizeY);
    }

    private static Geometry unsupported(Element s, String where, String detail) {
        LOG.warn("{}:{}: {}: {} geometry is not supported ({}); the link gets no collision shape from it",
                Values.source(s), line(s), where, s.getQualifiedName(), detail.isEmpty() ? "no uri" : detail);
        return new Geometry.Unsupported(s.getQualifiedName(), detail);
    }

    private static Optional<Element> optional(Element parent, String child) {
        return Optional.ofNullable(parent.getChild(child));
    }

    private static double positive(Element shape, String child, double fallback, String where) {
        return optional(shape, child).map(e -> Values.positive(e, where)).orElse(fallback);
    }

    /** The volume of a shape in m³, empty when it has none Orrery can compute (plane, mesh, ...). */
    static OptionalDouble volume(Geometry geometry) {
        double pi = Math.PI;
        if (geometry instanceof Geometry.Box b) {
            return OptionalDouble.of(b.size().x() * b.size().y() * b.size().z());
        } else if (geometry instanceof Geometry.Sphere s) {
            return OptionalDouble.of(4.0 / 3 * pi * Math.pow(s.radius(), 3));
        } else if (geometry instanceof Geometry.Cylinder c) {
            return OptionalDouble.of(pi * c.radius() * c.radius() * c.length());
        } else if (geometry instanceof Geometry.Capsule c) {
            return OptionalDouble.of(pi * c.radius() * c.radius() * c.length() + 4.0 / 3 * pi * Math.pow(c.radius(), 3));
        } else if (geometry instanceof Geometry.Ellipsoid e) {
            return OptionalDouble.of(4.0 / 3 * pi * e.radii().x() * e.radii().y() * e.radii().z());
        } else if (geometry instanceof Geometry.Cone c) {
            return OptionalDouble.of(pi * c.radius() * c.radius() * c.length() / 3);
        }
        return OptionalDouble.empty(); // planes are infinite; meshes and the like are not read
    }

    private static String geometryKind(Geometry geometry) {
        return geometry instanceof Geometry.Unsupported u ? u.kind()
                : geometry.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }

    // ---------------------------------------------------------------- joints

    /** A link found by a scoped name, with its pose in the joint's model frame. */
    private record ResolvedLink(String scopedName, Pose poseInModel) {
    }

    /** Finds links by scoped name ({@code link}, {@code nested::link}) or by nested model (its canonical link). */
    private record LinkResolver(Map<String, LinkSpec> links, Map<String, ModelSpec> models) {

        Optional<ResolvedLink> resolve(String name) {
            int sep = name.indexOf("::");
            if (sep < 0) {
                LinkSpec link = links.get(name);
                if (link != null) {
                    return Optional.of(new ResolvedLink(name, link.pose()));
                }
                ModelSpec model = models.get(name);
                return model == null ? Optional.empty() : canonical(model, name);
            }
            ModelSpec model = models.get(name.substring(0, sep));
            if (model == null) {
                return Optional.empty();
            }
            return of(model).resolve(name.substring(sep + 2)).map(r -> new ResolvedLink(
                    name.substring(0, sep) + "::" + r.scopedName(), model.pose().compose(r.poseInModel())));
        }

        private static Optional<ResolvedLink> canonical(ModelSpec model, String scope) {
            if (!model.links().isEmpty()) {
                LinkSpec link = model.links().get(0);
                return Optional.of(new ResolvedLink(scope + "::" + link.name(), model.pose().compose(link.pose())));
            }
            for (ModelSpec nested : model.models()) {
                Optional<ResolvedLink> found = canonical(nested, scope + "::" + nested.name());
                if (found.isPresent()) {
                    return found.map(r -> new ResolvedLink(r.scopedName(), model.pose().compose(r.poseInModel())));
                }
            }
            return Optional.empty();
        }

        private static LinkResolver of(ModelSpec model) {
            Map<String, LinkSpec> links = new HashMap<>();
            model.links().forEach(l -> links.put(l.name(), l));
            Map<String, ModelSpec> models = new HashMap<>();
            model.models().forEach(m -> models.put(m.name(), m));
            return new LinkResolver(links, models);
        }
    }

    private Optional<JointSpec> joint(Element j, String modelWhere, LinkResolver resolver) {
        String name = Values.requiredAttribute(j, "name", modelWhere);
        String where = modelWhere + " joint '" + name + "'";
        String typeName = Values.requiredAttribute(j, "type", where).toLowerCase(Locale.ROOT);
        JointType type;
        switch (typeName) {
            case "revolute" -> type = JointType.REVOLUTE;
            case "prismatic" -> type = JointType.PRISMATIC;
            case "fixed" -> type = JointType.FIXED;
            case "ball" -> type = JointType.BALL;
            case "continuous" -> type = JointType.CONTINUOUS;
            default -> {
                if (UNSUPPORTED_JOINTS.contains(typeName)) {
                    LOG.warn("{}:{}: {}: joint type '{}' is not supported; the joint is dropped", Values.source(j),
                            line(j), where, typeName);
                    ignore(j, modelWhere);
                    return Optional.empty();
                }
                throw fail(j, where, "unknown joint type '" + typeName + "': expected revolute, prismatic, fixed,"
                        + " ball or continuous");
            }
        }
        Element parent = j.getChild("parent");
        Element child = j.getChild("child");
        if (parent == null || text(parent).isEmpty()) {
            throw fail(j, where, "<joint> needs a <parent> link");
        }
        if (child == null || text(child).isEmpty()) {
            throw fail(j, where, "<joint> needs a <child> link");
        }
        String parentText = text(parent);
        String parentName = JointSpec.WORLD;
        ResolvedLink parentLink = null;
        if (!parentText.equals(JointSpec.WORLD)) {
            parentLink = resolver.resolve(parentText).orElseThrow(() -> fail(parent, where, "<parent> '"
                    + parentText + "' names no link in " + modelWhere));
            parentName = parentLink.scopedName();
        }
        String childText = text(child);
        ResolvedLink childLink = resolver.resolve(childText).orElseThrow(() -> fail(child, where, "<child> '"
                + childText + "' names no link in " + modelWhere));
        Pose pose = Pose.IDENTITY;
        Vec3 axis = Vec3.UNIT_Z;
        JointLimits limits = JointLimits.NONE;
        for (Element c : j.getChildren()) {
            switch (c.getQualifiedName()) {
                case "parent", "child" -> {
                }
                case "pose" -> {
                    checkRelativeTo(c, where, List.of(childText, childLink.scopedName()), "the child link '"
                            + childText + "'");
                    pose = Values.pose(c, where);
                }
                case "axis" -> {
                    Axis read = axis(c, where, name, pose, childLink, parentLink);
                    axis = read.xyz();
                    limits = read.limits();
                }
                default -> ignore(c, where);
            }
        }
        if (type == JointType.CONTINUOUS) {
            limits = JointLimits.NONE;
        }
        return Optional.of(new JointSpec(name, type, parentName, childLink.scopedName(), pose, axis, limits));
    }

    private record Axis(Vec3 xyz, JointLimits limits) {
    }

    /**
     * An {@code <axis>}, its direction turned into the joint frame: SDF 1.6's {@code use_parent_model_frame} and
     * 1.7's {@code expressed_in} may give it in the model or parent link frame.
     */
    private Axis axis(Element a, String where, String jointName, Pose jointPose, ResolvedLink child,
            ResolvedLink parent) {
        Vec3 xyz = Vec3.UNIT_Z;
        Element xyzElement = null;
        boolean inModelFrame = false;
        JointLimits limits = JointLimits.NONE;
        for (Element c : a.getChildren()) {
            switch (c.getQualifiedName()) {
                case "xyz" -> {
                    xyzElement = c;
                    xyz = Values.vec3(c, where);
                    if (xyz.length() == 0) {
                        throw fail(c, where, "<axis><xyz> must not be the zero vector");
                    }
                }
                case "use_parent_model_frame" -> inModelFrame = Values.bool(c, where);
                case "limit" -> limits = limits(c, where);
                default -> ignore(c, where);
            }
        }
        Pose jointInModel = child.poseInModel().compose(jointPose);
        Vec3 direction = xyz.normalized();
        String expressedIn = xyzElement == null ? "" : xyzElement.getAttributeValue("expressed_in", "").strip();
        if (inModelFrame || expressedIn.equals("__model__")) {
            direction = jointInModel.rotation().conjugate().rotate(direction);
        } else if (parent != null && (expressedIn.equals(parent.scopedName())
                || !expressedIn.isEmpty() && parent.scopedName().endsWith("::" + expressedIn))) {
            Vec3 inModel = parent.poseInModel().rotation().rotate(direction);
            direction = jointInModel.rotation().conjugate().rotate(inModel);
        } else if (!expressedIn.isEmpty() && !expressedIn.equals(jointName)) {
            throw fail(xyzElement, where, "expressed_in='" + expressedIn + "' is not supported: only the joint"
                    + " frame, the parent link or '__model__' can be named");
        }
        return new Axis(direction.normalized(), limits);
    }

    private JointLimits limits(Element l, String where) {
        double lower = JointLimits.NONE.lower();
        double upper = JointLimits.NONE.upper();
        double effort = JointLimits.NONE.effort();
        double velocity = JointLimits.NONE.velocity();
        for (Element c : l.getChildren()) {
            switch (c.getQualifiedName()) {
                case "lower" -> lower = Values.number(c, where);
                case "upper" -> upper = Values.number(c, where);
                case "effort" -> effort = Values.number(c, where);
                case "velocity" -> velocity = Values.number(c, where);
                default -> ignore(c, where);
            }
        }
        if (lower > upper) {
            throw fail(l, where, "<limit> <lower> (" + lower + ") must not exceed <upper> (" + upper + ")");
        }
        return new JointLimits(lower, upper, effort, velocity);
    }

    // ---------------------------------------------------------------- ignored

    private void ignore(Element e, String where) {
        String source = Values.source(e);
        String place = source.equals(mainSource) ? where : where + " (in " + source + ")";
        ignored.add(new IgnoredElement(e.getQualifiedName(), place.isEmpty() ? "document" : place, line(e)));
    }

    private static String source(Element e) {
        return Values.source(e);
    }
}
