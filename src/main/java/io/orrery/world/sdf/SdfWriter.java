package io.orrery.world.sdf;

import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.RoadSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.ref.SoftReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jdom2.Comment;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.filter.Filters;
import org.jdom2.output.Format;
import org.jdom2.output.LineSeparator;
import org.jdom2.output.XMLOutputter;
import org.jdom2.output.support.AbstractXMLOutputProcessor;
import org.jdom2.output.support.FormatStack;

/**
 * Writes a running world back to SDF (as Gazebo's {@code generate_world_sdf} and CLOiSim's world saver do): the
 * world's original document with the current top-level model poses and static flags, removed models dropped,
 * spawned models added, the GUI camera and roads updated, and the moving models' links and joints in a
 * {@code <state>} ({@link StateWriter}). Everything else (lights, visuals, sensors, plugins,
 * unknown elements) is kept as it was; comments are not. Thread-safe.
 */
public final class SdfWriter {

    private static final String UNDECLARED = LenientNamespaceFilter.undeclaredUri("");

    private final long maxInputBytes;

    /** The last world document parsed, never changed itself (only its copies are). */
    private volatile SoftReference<Parsed> lastParsed = new SoftReference<>(null);

    /** A writer that accepts documents up to the reader's default bound (64 MiB). */
    public SdfWriter() {
        this(SecureXml.DEFAULT_MAX_BYTES);
    }

    /** A writer with its own bound on the size of the documents it parses (the world and spawn snippets). */
    public SdfWriter(long maxInputBytes) {
        if (maxInputBytes <= 0) {
            throw new IllegalArgumentException("maxInputBytes must be positive, got " + maxInputBytes);
        }
        this.maxInputBytes = maxInputBytes;
    }

    /**
     * The SDF text of {@code world} in {@code state}: pretty-printed, with an {@code <?xml version="1.0"?>}
     * declaration, meant to be stored as UTF-8 and readable by {@link SdfReader}.
     *
     * @throws SdfException if the world's document (or a spawn snippet) cannot be parsed
     * @throws IllegalArgumentException if the state names a model that is neither in the document nor spawned
     */
    public String write(WorldSpec world, WorldState state) {
        return write(world, state, Optional.empty());
    }

    /**
     * As {@link #write(WorldSpec, WorldState)}, for a file to be saved at {@code target}: includes by a relative
     * path (not {@code model://}) are rewritten relative to the target's directory, so they still find their file.
     */
    public String write(WorldSpec world, WorldState state, Path target) {
        return write(world, state, Optional.of(target));
    }

    private String write(WorldSpec world, WorldState state, Optional<Path> target) {
        String source = world.source().toString();
        Document document = worldDocument(world.document().text(), source);
        Element root = document.getRootElement();
        Element w = root.getChild("world");
        if (!root.getQualifiedName().equals("sdf") || w == null) {
            throw new SdfException(
                    source,
                    Values.line(root),
                    Values.column(root),
                    "expected <sdf> with a <world> to write back, got " + Values.tag(root));
        }
        state.guiCameraPose().ifPresent(pose -> guiCamera(w, pose));
        state.roads().ifPresent(roads -> roads(w, roads));
        state.state().ifPresent(s -> StateWriter.replace(w, world.name(), s));
        // the document's own includes only: a spawned model's were never relative to the source file
        List<Element> includes = new ArrayList<>();
        document.getDescendants(Filters.element("include")).forEach(includes::add);
        models(w, world, state, source);
        target.ifPresent(t -> rebaseIncludes(includes, world.source(), t));
        return print(document);
    }

    /**
     * The world's document, parsed once per world and copied for each save: a copy costs a fraction of parsing
     * the text again, which was a sixth of a 10,000-model save. Softly held, so memory pressure drops it.
     */
    private Document worldDocument(String text, String source) {
        Parsed last = lastParsed.get();
        if (last == null || !last.text().equals(text)) {
            last = new Parsed(text, parse(text, source));
            lastParsed = new SoftReference<>(last);
        }
        return last.document().clone();
    }

    private record Parsed(String text, Document document) {}

    private Document parse(String text, String source) {
        Document document = SecureXml.parse(text.getBytes(StandardCharsets.UTF_8), source, maxInputBytes);
        List<Comment> comments = new ArrayList<>();
        document.getDescendants(Filters.comment()).forEach(comments::add);
        comments.forEach(Comment::detach);
        return document;
    }

    // ---------------------------------------------------------------- models

    private void models(Element w, WorldSpec world, WorldState state, String source) {
        // by name once: WorldState.model(name) walks the list, which made a save quadratic in the models
        Map<String, ModelSnapshot> snapshots = new HashMap<>();
        for (ModelSnapshot model : state.models()) {
            snapshots.put(model.name(), model);
        }
        IncludedModels models = IncludedModels.of(world);
        Set<String> written = new HashSet<>();
        Element lastModel = null;
        for (Element c : List.copyOf(w.getChildren())) {
            boolean isInclude = c.getQualifiedName().equals("include");
            if (!isInclude && !c.getQualifiedName().equals("model")) {
                continue;
            }
            Optional<String> name = isInclude
                    ? includedModel(c, models).map(ModelSpec::name)
                    : Optional.ofNullable(c.getAttributeValue("name")).map(String::strip);
            if (name.isEmpty()) {
                continue; // an include of something else (a light, an actor): kept as it is
            }
            Optional<ModelSnapshot> now = Optional.ofNullable(snapshots.get(name.get()));
            if (now.isEmpty() || now.get().isSpawned()) {
                // removed at runtime, or removed and spawned again under the same name (written below)
                c.detach();
                continue;
            }
            if (isInclude) {
                placeInclude(c, now.get());
            } else {
                placeModel(c, now.get());
            }
            written.add(name.get());
            lastModel = c;
        }
        int at = lastModel == null ? w.getContentSize() : w.indexOf(lastModel) + 1;
        for (ModelSnapshot model : state.models()) {
            if (written.contains(model.name())) {
                continue;
            }
            if (!model.isSpawned()) {
                throw new IllegalArgumentException("model '" + model.name() + "' is in the world state but neither"
                        + " in the document of " + source + " nor spawned: cannot write it");
            }
            w.addContent(at++, spawned(model));
        }
    }

    /** The model an {@code <include>} of the world brought in: by its {@code <name>}, else by URI and line. */
    private static Optional<ModelSpec> includedModel(Element include, IncludedModels models) {
        Element nameElement = include.getChild("name");
        String uri = include.getChildTextTrim("uri");
        int line = Values.line(include);
        if (nameElement != null && !Values.text(nameElement).isEmpty()) {
            return Optional.ofNullable(models.byName().get(Values.text(nameElement)))
                    .filter(m -> m.includeUri().isPresent());
        }
        return models.byLine().getOrDefault(line, List.of()).stream()
                .filter(m -> m.includeUri().filter(u -> u.equals(uri)).isPresent())
                .findFirst();
    }

    /**
     * The world's models by name (the first of a name, as {@link WorldSpec#model} finds it) and by line, in
     * document order: looked up once per save, not once per model, which made saving big worlds quadratic.
     */
    private record IncludedModels(Map<String, ModelSpec> byName, Map<Integer, List<ModelSpec>> byLine) {

        static IncludedModels of(WorldSpec world) {
            Map<String, ModelSpec> byName = new HashMap<>();
            Map<Integer, List<ModelSpec>> byLine = new HashMap<>();
            for (ModelSpec model : world.models()) {
                byName.putIfAbsent(model.name(), model);
                byLine.computeIfAbsent(model.line(), l -> new ArrayList<>()).add(model);
            }
            return new IncludedModels(byName, byLine);
        }
    }

    /** A top-level {@code <model>} at the snapshot's name, world pose and static flag. */
    private static void placeModel(Element model, ModelSnapshot now) {
        model.setAttribute("name", now.name());
        // the written pose is the model frame itself, so a placement frame would move it again
        model.removeAttribute("placement_frame");
        Element pose = single(model, "pose", 0);
        SpecWriter.setPose(pose, now.pose());
        single(model, "static", model.indexOf(pose) + 1).setText(Boolean.toString(now.isStatic()));
    }

    /** An {@code <include>} at the snapshot's name, world pose and static flag. */
    private static void placeInclude(Element include, ModelSnapshot now) {
        include.removeChildren("placement_frame");
        Element uri = include.getChild("uri");
        Element name = single(include, "name", uri == null ? 0 : include.indexOf(uri) + 1);
        name.setText(now.name());
        Element pose = single(include, "pose", include.indexOf(name) + 1);
        SpecWriter.setPose(pose, now.pose());
        single(include, "static", include.indexOf(pose) + 1).setText(Boolean.toString(now.isStatic()));
    }

    /** The one child of that name: extra ones removed (the reader would take the last), a new one inserted at. */
    private static Element single(Element parent, String name, int insertAt) {
        List<Element> found = parent.getChildren(name);
        if (found.isEmpty()) {
            Element created = new Element(name);
            parent.addContent(Math.min(insertAt, parent.getContentSize()), created);
            return created;
        }
        Element keep = found.get(found.size() - 1);
        for (Element extra : List.copyOf(found)) {
            if (extra != keep) {
                extra.detach();
            }
        }
        return keep;
    }

    /** A model spawned at runtime: its snippet when it came from one, else its spec. */
    private Element spawned(ModelSnapshot model) {
        Element element = model.spawnedSnippet()
                .map(s -> snippetElement(s, model.name()))
                .orElseGet(() -> SpecWriter.model(model.spawnedSpec().orElseThrow()));
        if (element.getQualifiedName().equals("include")) {
            placeInclude(element, model);
        } else {
            placeModel(element, model);
        }
        return element;
    }

    private Element snippetElement(String snippet, String modelName) {
        String source = "spawned model '" + modelName + "'";
        Element root = parse(snippet, source).getRootElement();
        Element element = root;
        if (root.getQualifiedName().equals("sdf")) {
            List<Element> models = root.getChildren().stream()
                    .filter(c -> c.getQualifiedName().equals("model")
                            || c.getQualifiedName().equals("include"))
                    .toList();
            if (models.size() != 1) {
                throw new SdfException(
                        source,
                        Values.line(root),
                        Values.column(root),
                        "expected exactly one <model> (or <include>) in <sdf>, found " + models.size());
            }
            element = models.get(0);
        }
        if (!element.getQualifiedName().equals("model")
                && !element.getQualifiedName().equals("include")) {
            throw new SdfException(
                    source,
                    Values.line(element),
                    Values.column(element),
                    "expected <model>, <include> or <sdf>, got " + Values.tag(element));
        }
        return element.detach();
    }

    /** Relative include paths of the world's own document, rewritten from its directory to the target's. */
    private static void rebaseIncludes(List<Element> includes, Path source, Path target) {
        Path from = source.toAbsolutePath().normalize().getParent();
        Path to = target.toAbsolutePath().normalize().getParent();
        if (from == null || to == null || from.equals(to)) {
            return;
        }
        for (Element include : includes) {
            Element uri = include.getChild("uri");
            String text = uri == null ? "" : Values.text(uri);
            if (text.isEmpty() || text.contains("://")) {
                continue;
            }
            Path path = Path.of(text);
            if (!path.isAbsolute()) {
                uri.setText(to.relativize(from.resolve(path).normalize()).toString());
            }
        }
    }

    // ---------------------------------------------------------------- camera and roads

    private static void guiCamera(Element w, Pose pose) {
        Element gui = w.getChild("gui");
        if (gui == null) {
            gui = new Element("gui");
            w.addContent(gui);
        }
        Element camera = gui.getChild("camera");
        if (camera == null) {
            camera = new Element("camera").setAttribute("name", "user_camera");
            gui.addContent(camera);
        }
        SpecWriter.setPose(single(camera, "pose", 0), pose);
    }

    /** The roads exactly as given: matching ones updated in place, others dropped, new ones added after them. */
    private static void roads(Element w, List<RoadSpec> roads) {
        Map<String, RoadSpec> wanted = new LinkedHashMap<>();
        for (RoadSpec road : roads) {
            if (wanted.put(road.name(), road) != null) {
                throw new IllegalArgumentException("duplicate road name '" + road.name() + "' in the world state");
            }
        }
        Element lastRoad = null;
        for (Element r : List.copyOf(w.getChildren("road"))) {
            RoadSpec road = wanted.remove(r.getAttributeValue("name", "").strip());
            if (road == null) {
                r.detach();
            } else {
                updateRoad(r, road);
                lastRoad = r;
            }
        }
        int at = lastRoad == null ? w.getContentSize() : w.indexOf(lastRoad) + 1;
        for (RoadSpec road : wanted.values()) {
            Element r = new Element("road").setAttribute("name", road.name());
            updateRoad(r, road);
            w.addContent(at++, r);
        }
    }

    private static void updateRoad(Element r, RoadSpec road) {
        single(r, "width", 0).setText(SpecWriter.number(road.width()));
        List<Element> old = r.getChildren("point");
        int at = old.isEmpty() ? r.getContentSize() : r.indexOf(old.get(0));
        r.removeChildren("point");
        for (Vec3 point : road.points()) {
            r.addContent(Math.min(at++, r.getContentSize()), SpecWriter.element("point", SpecWriter.vec3(point)));
        }
    }

    // ---------------------------------------------------------------- output

    private static String print(Document document) {
        Format format = Format.getPrettyFormat()
                .setIndent("  ")
                .setLineSeparator(LineSeparator.UNIX)
                .setEncoding("UTF-8")
                .setOmitEncoding(true);
        StringWriter out = new StringWriter();
        try {
            new XMLOutputter(format, new UndeclaredPrefixes()).output(document, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        // Element names the reader escaped (Gazebo's <gz::name>) are written as the file had them. Outside tags
        // a '<' is always escaped, so only tag names can hold the marker here. Most files have none: the
        // pattern, tried at every '<', cost a tenth of a big world's save.
        String text = out.toString();
        return text.contains(LenientNamespaceFilter.DOUBLE_COLON)
                ? DOUBLE_COLON_IN_TAG.matcher(text).replaceAll("$1::")
                : text;
    }

    private static final java.util.regex.Pattern DOUBLE_COLON_IN_TAG =
            java.util.regex.Pattern.compile("(</?[^\\s>/]*?)" + LenientNamespaceFilter.DOUBLE_COLON);

    /**
     * Leaves out the declarations of prefixes the source used without declaring ({@code gz:}): the reader gave them
     * a placeholder namespace, which the written file must not carry.
     */
    private static final class UndeclaredPrefixes extends AbstractXMLOutputProcessor {

        @Override
        protected void printNamespace(Writer out, FormatStack fstack, Namespace ns) throws IOException {
            if (!ns.getURI().startsWith(UNDECLARED)) {
                super.printNamespace(out, fstack, ns);
            }
        }
    }
}
