package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jdom2.Element;

/**
 * The frames of one scope, a model or the world, as libsdformat's pose-relative-to and frame-attached-to graphs
 * (SDF 1.7+ frame semantics): every link, joint, {@code <frame>} and nested model is a frame with a pose relative to
 * another frame of the scope ({@code relative_to}) and attached to a link ({@code attached_to}); the scope's own frame
 * is {@code __model__} (or {@code world}). A nested model's frames are in scope as {@code nested::name}. Names that
 * match nothing and cycles are errors with libsdformat's words, at the element's file and line.
 */
final class FrameGraph {

    /** The name of a model's own frame. */
    static final String MODEL_FRAME = "__model__";
    /** The name of the world frame. */
    static final String WORLD_FRAME = "world";

    /** What a frame is, as libsdformat names it in its messages. */
    enum Kind {
        LINK("link"),
        JOINT("joint"),
        FRAME("frame"),
        MODEL("model");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /**
     * One frame.
     *
     * @param relativeTo the frame its pose is in: {@code ""} for the scope's frame
     * @param attachedTo the frame it moves with ({@code ""} for the scope's frame); a link is attached to itself
     * @param link for a frame of a nested model, the link it is attached to (scoped), already resolved; else null
     */
    private record Vertex(
            String name,
            Kind kind,
            Element element,
            String relativeTo,
            Pose pose,
            String attachedTo,
            String link,
            Element attachedAt) {}

    /** A frame of this scope, for the parent scope: its pose in this scope's frame and the link it moves with. */
    record Exported(Pose pose, String link) {}

    private final String scopeName;
    private final boolean isWorld;
    private final String where;
    private final Map<String, Vertex> vertices = new LinkedHashMap<>();
    private final Map<String, Pose> resolved = new HashMap<>();
    /** The link the scope's own frame is attached to (a model's canonical link), or null. */
    private String canonicalLink;

    /**
     * @param scopeName the model's (or world's) name, for messages
     * @param isWorld true for the world's scope, whose frame is {@code world}
     * @param where the scope for messages, such as {@code model 'm'}
     */
    FrameGraph(String scopeName, boolean isWorld, String where) {
        this.scopeName = scopeName;
        this.isWorld = isWorld;
        this.where = where;
    }

    private String rootName() {
        return isWorld ? WORLD_FRAME : MODEL_FRAME;
    }

    private String scopeLabel() {
        return (isWorld ? "world" : "model") + " with name[" + scopeName + "]";
    }

    /** True when {@code name} is a frame of this scope (its own frame included). */
    boolean contains(String name) {
        return name.equals(rootName()) || vertices.containsKey(name);
    }

    /**
     * Adds a frame. Names are unique across links, joints, frames and nested models (SDF 1.7+); for older files the
     * first of a name is kept, as they had no frames to name.
     *
     * @param element where errors about this frame point (its {@code <pose>} when it has one)
     * @param relativeTo the frame the pose is relative to, {@code ""} for the scope's frame
     * @param attachedTo the frame it moves with; for a link, its own name
     */
    void add(
            Kind kind,
            String name,
            Element element,
            String relativeTo,
            Pose pose,
            String attachedTo,
            boolean uniqueNames) {
        add(kind, name, element, relativeTo, pose, attachedTo, element, uniqueNames);
    }

    /** As above; errors about {@code attachedTo} (a joint's child) point at {@code attachedAt}. */
    void add(
            Kind kind,
            String name,
            Element element,
            String relativeTo,
            Pose pose,
            String attachedTo,
            Element attachedAt,
            boolean uniqueNames) {
        if (vertices.containsKey(name) || name.equals(rootName())) {
            if (!uniqueNames) {
                return;
            }
            Vertex first = vertices.get(name);
            throw fail(
                    element,
                    where,
                    capitalised(kind.label) + " with non-unique name [" + name + "] detected in "
                            + scopeLabel()
                            + (first == null
                                    ? ""
                                    : " (a " + first.kind.label + " at line " + Values.line(first.element) + ")")
                            + ".");
        }
        vertices.put(name, new Vertex(name, kind, element, relativeTo, pose, attachedTo, null, attachedAt));
    }

    /** Sets the link the scope's own frame moves with: the model's canonical link. */
    void setCanonicalLink(String link) {
        this.canonicalLink = link;
    }

    /**
     * Brings a nested model's frames into scope as {@code nested::name}, each fixed to the nested model's frame
     * (the vertex {@code nested}, already added).
     */
    void importNested(String nested, Map<String, Exported> frames) {
        for (Map.Entry<String, Exported> f : frames.entrySet()) {
            String scoped = nested + "::" + f.getKey();
            Vertex model = vertices.get(nested);
            vertices.putIfAbsent(
                    scoped,
                    new Vertex(
                            scoped,
                            Kind.FRAME,
                            model.element,
                            nested,
                            f.getValue().pose(),
                            "",
                            f.getValue().link() == null
                                    ? null
                                    : nested + "::" + f.getValue().link(),
                            model.element));
        }
    }

    /**
     * Checks every {@code relative_to} and {@code attached_to} names a frame in scope and none names itself
     * (libsdformat's POSE_RELATIVE_TO_INVALID, FRAME_ATTACHED_TO_INVALID, JOINT_CHILD_LINK_INVALID and the
     * one-element cycles). Longer cycles are found when a pose is resolved.
     */
    void check() {
        for (Vertex v : vertices.values()) {
            if (v.link != null) {
                continue;
            }
            boolean defaultedToAttached = v.kind == Kind.FRAME && v.relativeTo.equals(v.attachedTo);
            if (!v.relativeTo.isEmpty()) {
                String attribute = defaultedToAttached ? "attached_to" : "relative_to";
                if (v.kind == Kind.JOINT && v.relativeTo.equals(v.attachedTo) && !contains(v.relativeTo)) {
                    throw fail(
                            v.attachedAt,
                            where,
                            "Child frame with name[" + v.attachedTo + "] specified by joint" + " with name[" + v.name
                                    + "] not found in " + scopeLabel() + ".");
                }
                if (!contains(v.relativeTo)) {
                    throw fail(
                            v.element,
                            where(v),
                            attribute + " name[" + v.relativeTo + "] specified by "
                                    + v.kind.label + " with name[" + v.name + "] does not match a" + names() + "in "
                                    + scopeLabel() + ".");
                }
                if (v.relativeTo.equals(v.name)) {
                    throw fail(
                            v.element,
                            where(v),
                            attribute + " name[" + v.relativeTo + "] is identical to " + v.kind.label + " name["
                                    + v.name + "], causing a graph cycle in " + scopeLabel() + ".");
                }
            }
            if (v.kind == Kind.FRAME || v.kind == Kind.JOINT) {
                if (!v.attachedTo.isEmpty() && !contains(v.attachedTo)) {
                    if (v.kind == Kind.JOINT) {
                        throw fail(
                                v.attachedAt,
                                where,
                                "Child frame with name[" + v.attachedTo + "] specified by joint" + " with name["
                                        + v.name + "] not found in " + scopeLabel() + ".");
                    }
                    throw fail(
                            v.element,
                            where(v),
                            "attached_to name[" + v.attachedTo + "] specified by frame with" + " name[" + v.name
                                    + "] does not match a" + names() + "in " + scopeLabel() + ".");
                }
                if (v.attachedTo.equals(v.name)) {
                    throw fail(
                            v.element,
                            where(v),
                            "attached_to name[" + v.attachedTo + "] is identical to frame name[" + v.name
                                    + "], causing a graph cycle in " + scopeLabel() + ".");
                }
            }
        }
        checkAttachments();
    }

    /** Every frame's attachment followed to its end, so that attached_to cycles are errors as in libsdformat. */
    private void checkAttachments() {
        for (Vertex v : List.copyOf(vertices.values())) {
            if (v.kind == Kind.FRAME && v.link == null) {
                attachedLink(v.name);
            }
        }
    }

    private String where(Vertex v) {
        return where + " " + (v.kind == Kind.MODEL ? "nested model" : v.kind.label) + " '" + v.name + "'";
    }

    private String names() {
        return isWorld ? " model or frame name " : " nested model, link, joint, or frame name ";
    }

    /**
     * The frame's pose in the scope's frame, following {@code relative_to} to it.
     *
     * @throws SdfException on a cycle (libsdformat's POSE_RELATIVE_TO_CYCLE)
     */
    Pose inScope(String name) {
        if (name.isEmpty() || name.equals(rootName())) {
            return Pose.IDENTITY;
        }
        Pose known = resolved.get(name);
        if (known != null) {
            return known;
        }
        List<Vertex> chain = new ArrayList<>();
        Set<String> visited = new LinkedHashSet<>();
        Vertex v = vertex(name);
        Vertex start = v;
        while (v != null) {
            if (!visited.add(v.name)) {
                throw fail(
                        start.element,
                        where,
                        "PoseRelativeToGraph cycle detected, already visited vertex ["
                                + (isWorld ? "" : scopeName + "::") + v.name + "] (" + String.join(" -> ", visited)
                                + " -> "
                                + v.name + ").");
            }
            chain.add(v);
            Pose cached = resolved.get(v.relativeTo);
            if (cached != null || v.relativeTo.isEmpty() || v.relativeTo.equals(rootName())) {
                Pose pose = cached == null ? Pose.IDENTITY : cached;
                for (int i = chain.size() - 1; i >= 0; i--) {
                    pose = pose.compose(chain.get(i).pose);
                    resolved.put(chain.get(i).name, pose);
                }
                return pose;
            }
            v = vertex(v.relativeTo);
        }
        throw new IllegalStateException("unreachable");
    }

    /** The pose of frame {@code name} in frame {@code base}, both of this scope. */
    Pose relative(String base, String name) {
        return inScope(base).inverse().compose(inScope(name));
    }

    /**
     * The link the frame moves with, scoped within this scope ({@code link} or {@code nested::link}); empty for the
     * world frame and frames attached to it, and for a model with no link.
     *
     * @throws SdfException on a cycle (libsdformat's FRAME_ATTACHED_TO_CYCLE)
     */
    Optional<String> attachedLink(String name) {
        Set<String> visited = new LinkedHashSet<>();
        String current = name;
        while (true) {
            if (current.isEmpty() || current.equals(rootName())) {
                return Optional.ofNullable(isWorld ? null : canonicalLink);
            }
            Vertex v = vertex(current);
            if (!visited.add(current)) {
                throw fail(
                        vertex(name).element,
                        where,
                        "FrameAttachedToGraph cycle detected, already visited vertex ["
                                + (isWorld ? "" : scopeName + "::") + current + "] (" + String.join(" -> ", visited)
                                + " -> "
                                + current + ").");
            }
            if (v.link != null) {
                return Optional.of(v.link);
            }
            if (v.kind == Kind.LINK) {
                return Optional.of(v.name);
            }
            current = v.attachedTo;
        }
    }

    /** Every frame of the scope but its own, for the parent scope: pose in this scope's frame and link attached. */
    Map<String, Exported> export() {
        Map<String, Exported> out = new LinkedHashMap<>();
        out.put(MODEL_FRAME, new Exported(Pose.IDENTITY, canonicalLink));
        for (String name : vertices.keySet()) {
            out.put(name, new Exported(inScope(name), attachedLink(name).orElse(null)));
        }
        return out;
    }

    private Vertex vertex(String name) {
        Vertex v = vertices.get(name);
        if (v == null) {
            throw new IllegalStateException(where + ": no frame '" + name + "' (check() not called?)");
        }
        return v;
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
