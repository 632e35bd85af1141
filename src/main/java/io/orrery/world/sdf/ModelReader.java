package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jdom2.Element;

import io.orrery.world.IgnoredElement;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;

/**
 * A {@code <model>} with its links, joints, plugins and nested models, or an {@code <include>} of one with its
 * overrides (name, pose, static, placement frame, extra plugins).
 */
final class ModelReader {

    private final IgnoredElements ignored;
    private final IncludeResolver includes;
    private final LinkReader links;
    private final JointReader joints;
    private final int maxModels;
    private int models;

    ModelReader(IgnoredElements ignored, IncludeResolver includes, SdfLimits limits) {
        this.ignored = ignored;
        this.includes = includes;
        this.maxModels = limits.maxModels();
        this.links = new LinkReader(ignored, new SensorReader(limits));
        this.joints = new JointReader(ignored);
    }

    /** A top-level {@code <model>}. */
    ModelSpec model(Element m) {
        return model(m, null, "", null);
    }

    /** A top-level {@code <include>}: empty when it includes something other than a model (a light, an actor). */
    Optional<ModelSpec> include(Element inc, String where) {
        return include(inc, null, "", where);
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
        if (++models > maxModels) {
            throw fail(m, where, "more than " + maxModels + " models (nested and included ones counted); the limit"
                    + " is orrery.sdf.max-models");
        }
        Pose pose = Pose.IDENTITY;
        boolean isStatic = false;
        boolean autoDisable = true;
        Siblings<LinkSpec> modelLinks = new Siblings<>(where, "link", LinkSpec::name);
        List<Element> jointElements = new ArrayList<>();
        List<PluginSpec> plugins = new ArrayList<>();
        Siblings<ModelSpec> nested = new Siblings<>(where, "nested model", ModelSpec::name);
        for (Element c : m.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = Frames.modelPose(c, where, parentName);
                case "static" -> isStatic = Values.bool(c, where);
                case "allow_auto_disable" -> autoDisable = Values.bool(c, where);
                case "link" -> modelLinks.add(c, links.link(c, where));
                // after the links and nested models, which they name
                case "joint" -> jointElements.add(c);
                case "plugin" -> plugins.add(PluginReader.plugin(c, where));
                case "model" -> nested.add(c, model(c, name, scoped + "::", null));
                case "include" -> include(c, name, scoped + "::", where).ifPresent(n -> nested.add(c, n));
                default -> ignored.add(c, where);
            }
        }
        LinkResolver resolver = new LinkResolver(modelLinks.byName(), nested.byName());
        Siblings<JointSpec> modelJoints = new Siblings<>(where, "joint", JointSpec::name);
        for (Element j : jointElements) {
            joints.joint(j, where, resolver).ifPresent(joint -> modelJoints.add(j, joint));
        }
        List<LinkSpec> linkList = new ArrayList<>(modelLinks.list());
        String canonical = m.getAttributeValue("canonical_link");
        if (canonical != null && !canonical.isBlank()) {
            LinkSpec link = modelLinks.byName().get(canonical.strip());
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
            pose = Frames.placed(m, where, pose, placement.strip(), linkList);
        }
        return new ModelSpec(name, pose, isStatic, autoDisable, linkList, modelJoints.list(), plugins, nested.list(),
                Optional.empty(), line(m));
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
                case "plugin" -> plugins.add(PluginReader.plugin(c, where));
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
                ignored.add(new IgnoredElement(other.getQualifiedName(), where + " include '" + uri + "'",
                        line(inc)));
                return Optional.empty();
            }
            throw fail(uriElement, where, "'" + uri + "' (" + included.file() + ") holds no <model>");
        }
        String nameOverride = name == null || name.isEmpty() ? null : name;
        ModelSpec model = includes.within(included.file(),
                () -> model(modelElement, parentName, scopePrefix, nameOverride));
        Pose pose = poseElement == null ? model.pose()
                : Frames.modelPose(poseElement, "model '" + scopePrefix + model.name() + "'", parentName);
        if (placement != null && !placement.isEmpty()) {
            pose = Frames.placed(inc, where, pose, placement, model.links());
        }
        List<PluginSpec> allPlugins = new ArrayList<>(model.plugins());
        allPlugins.addAll(plugins);
        return Optional.of(new ModelSpec(model.name(), pose, isStatic != null ? isStatic : model.isStatic(),
                model.allowAutoDisable(), model.links(), model.joints(), allPlugins, model.models(),
                Optional.of(uri), line(inc)));
    }
}
