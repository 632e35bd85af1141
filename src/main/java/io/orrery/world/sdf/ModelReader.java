package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.IgnoredElement;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.jdom2.Element;

/**
 * A {@code <model>} with its links, joints, frames, plugins and nested models, or an {@code <include>} of one with
 * its overrides (name, pose, static, placement frame, extra plugins). Each model's frames are resolved as libsdformat
 * does ({@link FrameGraph}); the model's own pose is left to its parent scope, which alone knows the frame it names.
 */
final class ModelReader {

    private final IgnoredElements ignored;
    private final IncludeResolver includes;
    private final LinkReader links;
    private final JointReader joints;
    private final MergeInclude merges;
    private final int maxModels;
    private int models;

    ModelReader(
            IgnoredElements ignored,
            IncludeResolver includes,
            SdfLimits limits,
            GeometryReader geometries,
            Set<String> simulatedSensors) {
        this.ignored = ignored;
        this.includes = includes;
        this.maxModels = limits.maxModels();
        SensorReader sensors = new SensorReader(limits);
        this.links = new LinkReader(ignored, geometries, sensors, simulatedSensors);
        this.joints = new JointReader(ignored, sensors, simulatedSensors);
        this.merges = new MergeInclude(includes);
    }

    /**
     * A model as read, before its parent scope places it.
     *
     * @param spec the model, its pose still {@link #rawPose}
     * @param poseElement its {@code <pose>} (the include's when it gives one), or null
     * @param rawPose the pose's numbers
     * @param relativeTo the frame of the parent scope the pose is in, {@code ""} for the scope's own
     * @param placementFrame the frame of the model the pose places, {@code ""} for the model frame
     * @param frames the model's frames
     * @param element the {@code <model>} or {@code <include>}
     */
    record Read(
            ModelSpec spec,
            Element poseElement,
            Pose rawPose,
            String relativeTo,
            String placementFrame,
            FrameGraph frames,
            Element element) {

        /** The model frame in the frame its pose names: the placement frame put at the pose. */
        Pose placedPose() {
            String where = "model '" + spec.name() + "'";
            return placementFrame.isEmpty()
                    ? rawPose
                    : Frames.placed(
                            poseElement == null ? element : poseElement,
                            where,
                            rawPose,
                            placementFrame,
                            frames,
                            spec.name());
        }

        /** The element errors about the model's pose point at. */
        Element at() {
            return poseElement == null ? element : poseElement;
        }

        /** The model placed at {@code pose}, in its parent's frame. */
        ModelSpec placed(Pose pose) {
            return spec.with(spec.name(), pose, spec.isStatic());
        }
    }

    /** A top-level {@code <model>}. */
    Read model(Element m) {
        return model(m, null, "", null);
    }

    /** A top-level {@code <include>}: empty when it includes something other than a model (a light, an actor). */
    Optional<Read> include(Element inc, String where) {
        return include(inc, null, "", where);
    }

    /**
     * A {@code <model>}.
     *
     * @param parentName the parent model's name, or null for a top-level model
     * @param scopePrefix the parent's scoped name and {@code ::}, for messages
     * @param nameOverride an include's {@code <name>}, or null
     */
    private Read model(Element m, String parentName, String scopePrefix, String nameOverride) {
        String name = nameOverride != null
                ? nameOverride
                : Values.requiredAttribute(
                        m,
                        "name",
                        parentName == null ? "" : "model '" + scopePrefix.substring(0, scopePrefix.length() - 2) + "'");
        String scoped = scopePrefix + name;
        String where = "model '" + scoped + "'";
        Frames.checkNotReserved(m, where, "model", name);
        if (++models > maxModels) {
            throw fail(
                    m,
                    where,
                    "more than " + maxModels + " models (nested and included ones counted); the limit"
                            + " is orrery.sdf.max-models");
        }
        Element poseElement = null;
        boolean isStatic = false;
        boolean autoDisable = true;
        boolean selfCollide = false;
        boolean enableWind = false;
        Siblings<Element> linkElements =
                new Siblings<>(where, "link", e -> e.getAttributeValue("name").strip());
        List<Element> jointElements = new ArrayList<>();
        List<Element> frameElements = new ArrayList<>();
        List<PluginSpec> plugins = new ArrayList<>();
        OptionalInt label = OptionalInt.empty();
        Siblings<Read> nested =
                new Siblings<>(where, "nested model", r -> r.spec().name());
        for (Element c : merges.children(m, where)) {
            switch (c.getQualifiedName()) {
                case "pose" -> poseElement = c;
                case "static" -> isStatic = Values.bool(c, where);
                case "allow_auto_disable" -> autoDisable = Values.bool(c, where);
                case "self_collide" -> selfCollide = Values.bool(c, where);
                case "enable_wind" -> enableWind = Values.bool(c, where);
                case "link" -> {
                    Values.requiredAttribute(c, "name", where);
                    linkElements.add(c, c);
                }
                case "joint" -> jointElements.add(c);
                case "frame" -> frameElements.add(c);
                case "plugin" -> {
                    plugins.add(PluginReader.plugin(c, where, ignored));
                    ThermalPlugin.check(c, where);
                    OptionalInt modelLabel = LabelPlugin.label(c, where);
                    label = modelLabel.isPresent() ? modelLabel : label;
                }
                case "model" -> nested.add(c, model(c, name, scoped + "::", null));
                case "include" -> include(c, name, scoped + "::", where).ifPresent(n -> nested.add(c, n));
                default -> ignored.add(c, where);
            }
        }
        FrameGraph graph = frames(m, name, where, linkElements.list(), jointElements, frameElements, nested.list());
        List<LinkSpec> linkList = new ArrayList<>();
        for (Element l : linkElements.list()) {
            linkList.add(links.link(l, where, graph, name, selfCollide, enableWind));
        }
        Siblings<JointSpec> modelJoints = new Siblings<>(where, "joint", JointSpec::name);
        for (Element j : jointElements) {
            joints.joint(j, where, graph, name).ifPresent(joint -> modelJoints.add(j, joint));
        }
        String canonical = m.getAttributeValue("canonical_link");
        if (canonical != null && !canonical.isBlank()) {
            // ModelSpec's canonical link is the first one
            linkList.stream()
                    .filter(l -> l.name().equals(canonical.strip()))
                    .findFirst()
                    .ifPresent(link -> {
                        linkList.remove(link);
                        linkList.add(0, link);
                    });
        }
        List<ModelSpec> nestedSpecs = nested.list().stream()
                .map(r -> r.placed(graph.inScope(r.spec().name())))
                .toList();
        ModelSpec spec = new ModelSpec(
                name,
                Frames.raw(poseElement, where),
                isStatic,
                autoDisable,
                LabelPlugin.labelled(linkList, label),
                modelJoints.list(),
                plugins,
                nestedSpecs,
                Optional.empty(),
                line(m));
        String placement = m.getAttributeValue("placement_frame", "").strip();
        return new Read(spec, poseElement, spec.pose(), Frames.relativeTo(poseElement), placement, graph, m);
    }

    /** The model's frame graph: its links, joints, frames and nested models' frames, checked. */
    private static FrameGraph frames(
            Element m,
            String name,
            String where,
            List<Element> linkElements,
            List<Element> jointElements,
            List<Element> frameElements,
            List<Read> nested) {
        boolean unique = SdfFiles.hasFrameSemantics(m);
        FrameGraph graph = new FrameGraph(name, false, where);
        for (Element l : linkElements) {
            String link = l.getAttributeValue("name").strip();
            String linkWhere = where + " link '" + link + "'";
            Frames.checkNotReserved(l, linkWhere, "link", link);
            Element pose = lastChild(l, "pose");
            graph.add(
                    FrameGraph.Kind.LINK,
                    link,
                    pose == null ? l : pose,
                    Frames.relativeTo(pose),
                    Frames.raw(pose, linkWhere),
                    link,
                    unique);
        }
        for (Element j : jointElements) {
            String joint = Values.requiredAttribute(j, "name", where);
            String jointWhere = where + " joint '" + joint + "'";
            Frames.checkNotReserved(j, jointWhere, "joint", joint);
            Element pose = lastChild(j, "pose");
            String child = j.getChildTextTrim("child");
            String relativeTo = Frames.relativeTo(pose);
            Element childElement = j.getChild("child");
            graph.add(
                    FrameGraph.Kind.JOINT,
                    joint,
                    pose == null ? j : pose,
                    relativeTo.isEmpty() && child != null ? child : relativeTo,
                    Frames.raw(pose, jointWhere),
                    child == null ? "" : child,
                    childElement == null ? j : childElement,
                    unique);
        }
        for (Element f : frameElements) {
            String frame = Values.requiredAttribute(f, "name", where);
            String frameWhere = where + " frame '" + frame + "'";
            Frames.checkNotReserved(f, frameWhere, "frame", frame);
            Element pose = lastChild(f, "pose");
            String attachedTo = f.getAttributeValue("attached_to", "").strip();
            String relativeTo = Frames.relativeTo(pose);
            graph.add(
                    FrameGraph.Kind.FRAME,
                    frame,
                    pose == null ? f : pose,
                    relativeTo.isEmpty() ? attachedTo : relativeTo,
                    Frames.raw(pose, frameWhere),
                    attachedTo,
                    unique);
        }
        for (Read n : nested) {
            String nestedName = n.spec().name();
            graph.add(
                    FrameGraph.Kind.MODEL,
                    nestedName,
                    n.at(),
                    n.relativeTo(),
                    n.placedPose(),
                    nestedName + "::" + FrameGraph.MODEL_FRAME,
                    unique);
            graph.importNested(nestedName, n.frames().export());
        }
        graph.setCanonicalLink(canonicalLink(m, where, name, linkElements, nested, graph));
        graph.check();
        return graph;
    }

    /** The canonical link, scoped: {@code canonical_link}, else the first link, else the first nested model's. */
    private static String canonicalLink(
            Element m, String where, String name, List<Element> linkElements, List<Read> nested, FrameGraph graph) {
        String canonical = m.getAttributeValue("canonical_link", "").strip();
        if (!canonical.isEmpty()) {
            boolean isLink = graph.contains(canonical)
                    && !canonical.equals(FrameGraph.MODEL_FRAME)
                    && graph.attachedLink(canonical).filter(canonical::equals).isPresent();
            if (!isLink) {
                throw fail(
                        m,
                        where,
                        "canonical_link with name[" + canonical + "] not found in model with name[" + name + "].");
            }
            return canonical;
        }
        if (!linkElements.isEmpty()) {
            return linkElements.get(0).getAttributeValue("name").strip();
        }
        for (Read n : nested) {
            String link = n.frames().export().get(FrameGraph.MODEL_FRAME).link();
            if (link != null) {
                return n.spec().name() + "::" + link;
            }
        }
        return null;
    }

    private Optional<Read> include(Element inc, String parentName, String scopePrefix, String where) {
        if (Values.boolAttribute(inc, "merge", false, where)) {
            // nested merges were expanded by MergeInclude; sdformat merges into a model, never into the world
            throw fail(
                    inc,
                    where,
                    "<include merge=\"true\"> merges into a model: put it inside the <model> that takes the merged"
                            + " links, or include without merge");
        }
        Element uriElement = null;
        String name = null;
        Element poseElement = null;
        Boolean isStatic = null;
        String placement = null;
        List<PluginSpec> plugins = new ArrayList<>();
        OptionalInt label = OptionalInt.empty();
        for (Element c : inc.getChildren()) {
            switch (c.getQualifiedName()) {
                case "uri" -> uriElement = c;
                case "name" -> name = text(c);
                case "pose" -> poseElement = c;
                case "static" -> isStatic = Values.bool(c, where);
                case "placement_frame" -> placement = text(c);
                case "plugin" -> {
                    plugins.add(PluginReader.plugin(c, where, ignored));
                    OptionalInt includeLabel = LabelPlugin.label(c, where);
                    label = includeLabel.isPresent() ? includeLabel : label;
                }
                default -> ignored.add(c, where);
            }
        }
        if (uriElement == null || text(uriElement).isEmpty()) {
            throw fail(inc, where, "<include> needs a <uri>");
        }
        String uri = text(uriElement);
        IncludeResolver.Included included = includes.open(uriElement, uri, where);
        Element modelElement = included.root().getChild("model");
        if (modelElement == null) {
            if (!included.root().getChildren().isEmpty()) {
                // an included light or actor: kept, not simulated
                Element other = included.root().getChildren().get(0);
                ignored.add(new IgnoredElement(
                        other.getQualifiedName(), where + " include '" + uri + "'", line(inc), Values.source(inc)));
                return Optional.empty();
            }
            throw fail(uriElement, where, "'" + uri + "' (" + included.file() + ") holds no <model>");
        }
        String nameOverride = name == null || name.isEmpty() ? null : name;
        Read model = includes.within(included.file(), () -> model(modelElement, parentName, scopePrefix, nameOverride));
        String modelWhere = "model '" + scopePrefix + model.spec().name() + "'";
        Pose pose = poseElement == null ? model.rawPose() : Values.pose(poseElement, modelWhere);
        String relativeTo = poseElement == null ? model.relativeTo() : Frames.relativeTo(poseElement);
        List<PluginSpec> allPlugins = new ArrayList<>(model.spec().plugins());
        allPlugins.addAll(plugins);
        ModelSpec m = model.spec();
        ModelSpec spec = new ModelSpec(
                m.name(),
                pose,
                isStatic != null ? isStatic : m.isStatic(),
                m.allowAutoDisable(),
                LabelPlugin.labelled(m.links(), label),
                m.joints(),
                allPlugins,
                m.models(),
                Optional.of(uri),
                line(inc));
        return Optional.of(new Read(
                spec,
                poseElement == null ? model.poseElement() : poseElement,
                pose,
                relativeTo,
                placement != null && !placement.isEmpty() ? placement : model.placementFrame(),
                model.frames(),
                inc));
    }

    private static Element lastChild(Element parent, String name) {
        List<Element> found = parent.getChildren(name);
        return found.isEmpty() ? null : found.get(found.size() - 1);
    }
}
