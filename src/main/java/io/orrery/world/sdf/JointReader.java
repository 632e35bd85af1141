package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.sdf.LinkResolver.ResolvedLink;

/** A {@code <joint>}: its type, the links it connects, its pose, and the axis turned into the joint frame. */
final class JointReader {

    // logged under SdfReader, the logger users configure for SDF reading
    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);
    private static final Set<String> UNSUPPORTED_JOINTS = Set.of("universal", "revolute2", "screw", "gearbox");

    private final IgnoredElements ignored;

    JointReader(IgnoredElements ignored) {
        this.ignored = ignored;
    }

    /** The joint, or empty for a type Orrery cannot simulate (dropped with a warning). */
    Optional<JointSpec> joint(Element j, String modelWhere, LinkResolver resolver) {
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
                    ignored.add(j, modelWhere);
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
        JointDynamics dynamics = JointDynamics.NONE;
        for (Element c : j.getChildren()) {
            switch (c.getQualifiedName()) {
                case "parent", "child" -> {
                }
                case "pose" -> {
                    Frames.checkRelativeTo(c, where, List.of(childText, childLink.scopedName()), "the child link '"
                            + childText + "'");
                    pose = Values.pose(c, where);
                }
                case "axis" -> {
                    Axis read = axis(c, where, name, pose, childLink, parentLink);
                    axis = read.xyz();
                    limits = read.limits();
                    dynamics = read.dynamics();
                }
                default -> ignored.add(c, where);
            }
        }
        if (type == JointType.CONTINUOUS) {
            limits = JointLimits.NONE;
        }
        return Optional.of(new JointSpec(name, type, parentName, childLink.scopedName(), pose, axis, limits,
                dynamics));
    }

    private record Axis(Vec3 xyz, JointLimits limits, JointDynamics dynamics) {
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
        JointDynamics dynamics = JointDynamics.NONE;
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
                case "dynamics" -> dynamics = dynamics(c, where);
                default -> ignored.add(c, where);
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
        return new Axis(direction.normalized(), limits, dynamics);
    }

    /**
     * {@code <dynamics>}: damping and friction are simulated; the spring is kept in the spec (and written back)
     * but not simulated.
     */
    private JointDynamics dynamics(Element d, String where) {
        double damping = 0;
        double friction = 0;
        double springReference = 0;
        double springStiffness = 0;
        for (Element c : d.getChildren()) {
            switch (c.getQualifiedName()) {
                case "damping" -> damping = Values.nonNegative(c, where);
                case "friction" -> friction = Values.nonNegative(c, where);
                case "spring_reference" -> springReference = Values.number(c, where);
                case "spring_stiffness" -> springStiffness = Values.number(c, where);
                default -> ignored.add(c, where);
            }
        }
        if (springStiffness != 0) {
            LOG.warn("{}:{}: {}: <spring_stiffness> is read but not simulated", Values.source(d), line(d), where);
        }
        return new JointDynamics(damping, friction, springReference, springStiffness);
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
                default -> ignored.add(c, where);
            }
        }
        if (lower > upper) {
            throw fail(l, where, "<limit> <lower> (" + lower + ") must not exceed <upper> (" + upper + ")");
        }
        return new JointLimits(lower, upper, effort, velocity);
    }
}
