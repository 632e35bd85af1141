package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import java.util.ArrayList;
import java.util.List;
import org.jdom2.Element;
import org.jdom2.located.LocatedElement;

/**
 * sdformat's merge-include ({@code <include merge="true">}, SDF 1.9): the included model's links, joints, frames,
 * nested models and plugins join the including model under their own names. Its model frame becomes a frame of the
 * parent, {@code _merged__<name>__model__}, attached to its canonical link and placed where the include's pose (or
 * the model's own) puts it; whatever the included model placed relative to its model frame is placed relative to
 * that frame instead. The elements stay in their own file's document, so errors and relative URIs still name it.
 */
final class MergeInclude {

    private final IncludeResolver includes;

    MergeInclude(IncludeResolver includes) {
        this.includes = includes;
    }

    /** True for an {@code <include merge="true">}. */
    static boolean isMerge(Element e, String where) {
        return e.getQualifiedName().equals("include") && Values.boolAttribute(e, "merge", false, where);
    }

    /** The frame a merged model's frame becomes, as sdformat names it. */
    static String proxyFrame(String model) {
        return "_merged__" + model + "__model__";
    }

    /** {@code m}'s children with every merge-include replaced by what it merges (merges within merges too). */
    List<Element> children(Element m, String where) {
        List<Element> all = new ArrayList<>();
        for (Element c : m.getChildren()) {
            if (isMerge(c, where)) {
                all.addAll(merged(c, where));
            } else {
                all.add(c);
            }
        }
        return all;
    }

    private List<Element> merged(Element inc, String where) {
        Element uriElement = inc.getChild("uri");
        if (uriElement == null || text(uriElement).isEmpty()) {
            throw fail(inc, where, "<include> needs a <uri>");
        }
        if (inc.getChild("placement_frame") != null) {
            throw fail(
                    inc.getChild("placement_frame"),
                    where,
                    "<placement_frame> in an <include merge=\"true\"> is not supported: place the merged model with"
                            + " <pose>");
        }
        String uri = text(uriElement);
        IncludeResolver.Included included = includes.open(uriElement, uri, where);
        Element model = included.root().getChild("model");
        if (model == null) {
            throw fail(uriElement, where, "<include merge=\"true\"> of '" + uri + "' holds no <model> to merge");
        }
        Element nameElement = inc.getChild("name");
        String name = nameElement != null && !text(nameElement).isEmpty()
                ? text(nameElement)
                : Values.requiredAttribute(model, "name", where + " include '" + uri + "'");
        String proxy = proxyFrame(name);
        String modelWhere = where + " merged model '" + name + "'";
        return includes.within(included.file(), () -> {
            List<Element> out = new ArrayList<>();
            List<Element> inner = children(model, modelWhere);
            out.add(proxyFrame(inc, model, proxy, canonical(model, inner, modelWhere)));
            for (Element c : inner) {
                switch (c.getQualifiedName()) {
                    // the merged model's own properties: the parent's apply
                    case "pose", "static", "self_collide", "allow_auto_disable" -> {}
                    case "link", "model" -> {
                        placeAt(c, proxy);
                        out.add(c);
                    }
                    case "include" -> {
                        Element pose = c.getChild("pose");
                        if (pose != null) {
                            relativeTo(pose, proxy);
                        }
                        out.add(c);
                    }
                    case "frame" -> {
                        String attached = c.getAttributeValue("attached_to", "").strip();
                        if (attached.isEmpty() || attached.equals(FrameGraph.MODEL_FRAME)) {
                            c.setAttribute("attached_to", proxy);
                        }
                        renameModelFrame(c.getChild("pose"), "relative_to", proxy);
                        out.add(c);
                    }
                    case "joint" -> {
                        renameModelFrame(c.getChild("pose"), "relative_to", proxy);
                        for (String axis : List.of("axis", "axis2")) {
                            Element a = c.getChild(axis);
                            renameModelFrame(a == null ? null : a.getChild("xyz"), "expressed_in", proxy);
                        }
                        for (String end : List.of("parent", "child")) {
                            Element e = c.getChild(end);
                            if (e != null && text(e).equals(FrameGraph.MODEL_FRAME)) {
                                e.setText(proxy);
                            }
                        }
                        out.add(c);
                    }
                    default -> out.add(c);
                }
            }
            // the include's own plugins join too
            out.addAll(inc.getChildren("plugin"));
            return out;
        });
    }

    /** The merged model's frame, attached to its canonical link, at the include's pose (else the model's). */
    private static Element proxyFrame(Element inc, Element model, String proxy, String canonical) {
        LocatedElement frame = new LocatedElement("frame");
        frame.setLine(Values.line(inc));
        frame.setColumn(Values.column(inc));
        frame.setAttribute("name", proxy);
        frame.setAttribute("attached_to", canonical);
        Element pose = inc.getChild("pose") != null ? inc.getChild("pose") : model.getChild("pose");
        Element copy;
        if (pose != null) {
            copy = pose.clone();
            if (inc.getChild("pose") == null) {
                // a model file's own pose is in its parent's frame whatever it says
                copy.removeAttribute("relative_to");
            }
        } else {
            copy = new LocatedElement("pose");
            copy.setText("0 0 0 0 0 0");
        }
        // a model's pose is in its parent's frame, not the link the frame is attached to
        if (copy.getAttributeValue("relative_to", "").isBlank()) {
            copy.setAttribute("relative_to", FrameGraph.MODEL_FRAME);
        }
        frame.addContent(copy);
        // kept inside the include element so it belongs to the parent's document (its file and line)
        inc.addContent(frame);
        return frame;
    }

    /** The merged model's canonical link: {@code canonical_link}, else its first link, else its first nested model. */
    private static String canonical(Element model, List<Element> children, String where) {
        String named = model.getAttributeValue("canonical_link", "").strip();
        if (!named.isEmpty()) {
            return named;
        }
        for (String kind : List.of("link", "model")) {
            for (Element c : children) {
                if (c.getQualifiedName().equals(kind)) {
                    return c.getAttributeValue("name", "").strip();
                }
            }
        }
        throw fail(model, where, "a merged model needs a link (or a nested model) for its frame to attach to");
    }

    /** Puts an element whose pose is in the model frame (none, or relative to __model__) in the proxy frame. */
    private static void placeAt(Element e, String proxy) {
        Element pose = e.getChild("pose");
        if (pose == null) {
            LocatedElement added = new LocatedElement("pose");
            added.setLine(Values.line(e));
            added.setColumn(Values.column(e));
            added.setText("0 0 0 0 0 0");
            e.addContent(added);
            pose = added;
        }
        relativeTo(pose, proxy);
    }

    private static void relativeTo(Element pose, String proxy) {
        String relative = pose.getAttributeValue("relative_to", "").strip();
        if (relative.isEmpty() || relative.equals(FrameGraph.MODEL_FRAME)) {
            pose.setAttribute("relative_to", proxy);
        }
    }

    private static void renameModelFrame(Element e, String attribute, String proxy) {
        if (e != null && e.getAttributeValue(attribute, "").strip().equals(FrameGraph.MODEL_FRAME)) {
            e.setAttribute(attribute, proxy);
        }
    }
}
