package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import io.orrery.log.LogSafe;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.JointSpec.SecondAxis;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A {@code <joint>}: its type, the links it connects, its pose, and the axis turned into the joint frame. */
final class JointReader {

    // logged under SdfReader, the logger users configure for SDF reading
    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);

    private final IgnoredElements ignored;
    private final SensorReader sensorReader;
    private final Set<String> simulatedSensors;

    JointReader(IgnoredElements ignored, SensorReader sensorReader, Set<String> simulatedSensors) {
        this.ignored = ignored;
        this.sensorReader = sensorReader;
        this.simulatedSensors = simulatedSensors;
    }

    /**
     * A universal or revolute2 joint's axes at least this far from parallel (the sine of the angle between them): a
     * hundredth, about 0.6°. Nearer, the joint's two angles are no longer told apart.
     */
    private static final double MIN_AXES_SINE = 1e-2;

    private static final Vec3 UNIT_X = new Vec3(1, 0, 0);
    private static final Vec3 UNIT_Y = new Vec3(0, 1, 0);

    /** The joint; always present. */
    Optional<JointSpec> joint(Element j, String modelWhere, FrameGraph graph, String modelName) {
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
            case "universal" -> type = JointType.UNIVERSAL;
            case "revolute2" -> type = JointType.REVOLUTE2;
            case "screw" -> type = JointType.SCREW;
            case "gearbox" -> type = JointType.GEARBOX;
            default ->
                throw fail(
                        j,
                        where,
                        "unknown joint type '" + typeName + "': expected revolute, prismatic,"
                                + " fixed, ball, continuous, universal, revolute2, screw or gearbox");
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
        String childText = text(child);
        String scope = "model with name[" + modelName + "]";
        if (childText.equals(JointSpec.WORLD)) {
            throw fail(child, where, "Joint with name[" + name + "] specified invalid child link [world].");
        }
        if (childText.equals(parentText)) {
            throw fail(
                    child,
                    where,
                    "Joint with name[" + name + "] must specify different frame names for parent"
                            + " and child, while [" + childText + "] was specified for both.");
        }
        if (!graph.contains(childText)) {
            throw fail(
                    child,
                    where,
                    "Child frame with name[" + childText + "] specified by joint with name[" + name + "] not found in "
                            + scope + ".");
        }
        String childLink = graph.attachedLink(childText)
                .orElseThrow(() -> fail(child, where, "child frame [" + childText + "] is attached to no link"));
        String parentName = JointSpec.WORLD;
        if (!parentText.equals(JointSpec.WORLD)) {
            if (!graph.contains(parentText)) {
                throw fail(
                        parent,
                        where,
                        "Parent frame with name[" + parentText + "] specified by joint with name[" + name
                                + "] not found in " + scope + ".");
            }
            parentName = graph.attachedLink(parentText)
                    .orElseThrow(() -> fail(parent, where, "parent frame [" + parentText + "] is attached to no link"));
            if (parentName.equals(childLink)) {
                throw fail(
                        parent,
                        where,
                        "Joint with name[" + name + "] specified parent frame [" + parentText
                                + "] and child frame [" + childText + "] that both resolve to [" + childLink
                                + "], but they should resolve to different values.");
            }
        }
        // the joint frame: its <pose> relative_to a frame of the model, the child frame by default
        Element poseElement = lastChild(j, "pose");
        String relativeTo = Frames.relativeTo(poseElement);
        Pose jointInModel =
                graph.inScope(relativeTo.isEmpty() ? childText : relativeTo).compose(Frames.raw(poseElement, where));
        Pose pose = graph.inScope(childLink).inverse().compose(jointInModel);
        Vec3 axis = Vec3.UNIT_Z;
        JointLimits limits = JointLimits.NONE;
        JointDynamics dynamics = JointDynamics.NONE;
        Optional<SecondAxis> axis2 = Optional.empty();
        Element screwPitch = null;
        Element threadPitch = null;
        Element ratio = null;
        Element reference = null;
        Siblings<SensorSpec> sensors = new Siblings<>(where, "sensor", SensorSpec::name);
        for (Element c : j.getChildren()) {
            switch (c.getQualifiedName()) {
                case "parent", "child", "pose" -> {}
                case "axis" -> {
                    Axis read = axis(c, where, name, jointInModel, graph, modelName);
                    axis = read.xyz();
                    limits = read.limits();
                    dynamics = read.dynamics();
                }
                case "axis2" -> {
                    if (type.hasSecondAxis()) {
                        Axis read = axis(c, where, name, jointInModel, graph, modelName);
                        axis2 = Optional.of(new SecondAxis(read.xyz(), read.limits(), read.dynamics()));
                    } else {
                        ignored.add(c, where);
                    }
                }
                // each type's own elements; listed as not simulated on the others, as libsdformat ignores them there
                case "screw_thread_pitch" -> screwPitch = ownElement(c, type == JointType.SCREW, where);
                case "thread_pitch" -> threadPitch = ownElement(c, type == JointType.SCREW, where);
                case "gearbox_ratio" -> ratio = ownElement(c, type == JointType.GEARBOX, where);
                case "gearbox_reference_body" -> reference = ownElement(c, type == JointType.GEARBOX, where);
                case "sensor" -> {
                    // a joint sensor's pose is in the joint frame unless it says relative to what
                    SensorSpec sensor = sensorReader.sensor(c, where, new LinkFrame(graph, name, modelName));
                    sensors.add(c, sensor);
                    if (!simulatedSensors.contains(sensor.type())) {
                        ignored.add(c, where + " sensor '" + sensor.name() + "' of type " + sensor.type());
                    }
                }
                default -> ignored.add(c, where);
            }
        }
        if (type == JointType.CONTINUOUS) {
            limits = JointLimits.NONE;
        }
        boolean cross = type == JointType.UNIVERSAL || type == JointType.REVOLUTE2;
        if (cross && j.getChild("axis") == null) {
            axis = UNIT_X; // as Gazebo builds it (DART's UniversalJoint): X then Y when the SDF gives no axis
        }
        if (type.hasSecondAxis() && axis2.isEmpty()) {
            axis2 = Optional.of(new SecondAxis(cross ? UNIT_Y : Vec3.UNIT_Z, JointLimits.NONE, JointDynamics.NONE));
        }
        if (cross && axis.cross(axis2.get().xyz()).length() < MIN_AXES_SINE) {
            throw fail(
                    j,
                    where,
                    "the <axis> and <axis2> of a " + typeName + " joint must not be parallel, got " + axis + " and "
                            + axis2.get().xyz() + " (in the joint frame)");
        }
        double pitch = screwThreadPitch(screwPitch, threadPitch, where);
        double gearboxRatio = ratio == null ? 1 : Values.number(ratio, where);
        if (!Double.isFinite(gearboxRatio)) {
            throw fail(ratio, where, "<gearbox_ratio> must be finite, got " + gearboxRatio);
        }
        String referenceLink = "";
        if (type == JointType.GEARBOX) {
            referenceLink = gearboxReference(j, reference, where, name, graph, scope);
            // a gearbox holds no motion of its own (its gears' joints do): its axes' limits and dynamics do nothing
            for (String axisName : List.of("axis", "axis2")) {
                for (Element a : j.getChildren(axisName)) {
                    for (Element c : a.getChildren()) {
                        if (c.getQualifiedName().equals("limit")
                                || c.getQualifiedName().equals("dynamics")) {
                            ignored.add(c, where);
                        }
                    }
                }
            }
        }
        return Optional.of(new JointSpec(
                name,
                type,
                parentName,
                childLink,
                pose,
                axis,
                limits,
                dynamics,
                axis2,
                pitch,
                gearboxRatio,
                referenceLink,
                sensors.list()));
    }

    /** The element when it belongs to the joint's type; otherwise listed as not simulated, and null. */
    private Element ownElement(Element c, boolean own, String where) {
        if (own) {
            return c;
        }
        ignored.add(c, where);
        return null;
    }

    /**
     * A screw's pitch in m/rev, right-handed positive, as libsdformat gives it: {@code <screw_thread_pitch>} when
     * present, else {@code <thread_pitch>} t (gazebo-classic's rad/m, positive for a left-handed thread) as -2π/t,
     * else 1.
     */
    private static double screwThreadPitch(Element screwPitch, Element threadPitch, String where) {
        if (screwPitch != null) {
            double pitch = Values.number(screwPitch, where);
            if (!Double.isFinite(pitch)) {
                throw fail(screwPitch, where, "<screw_thread_pitch> must be finite, got " + pitch);
            }
            return pitch;
        }
        if (threadPitch != null) {
            double t = Values.number(threadPitch, where);
            if (t == 0 || !Double.isFinite(t)) {
                throw fail(threadPitch, where, "<thread_pitch> (rad/m) must be finite and not 0, got " + t);
            }
            return -2 * Math.PI / t;
        }
        return 1;
    }

    /** A gearbox's reference body: a link (or a frame attached to one) of the model, or the world. */
    private static String gearboxReference(
            Element j, Element reference, String where, String jointName, FrameGraph graph, String scope) {
        if (reference == null || text(reference).isEmpty()) {
            throw fail(
                    reference == null ? j : reference,
                    where,
                    "a gearbox joint needs a <gearbox_reference_body>" + " (the link both its gears turn against)");
        }
        String name = text(reference);
        if (name.equals(JointSpec.WORLD)) {
            return JointSpec.WORLD;
        }
        if (!graph.contains(name)) {
            throw fail(
                    reference,
                    where,
                    "gearbox_reference_body with name[" + name + "] specified by joint with" + " name[" + jointName
                            + "] not found in " + scope + ".");
        }
        return graph.attachedLink(name)
                .orElseThrow(
                        () -> fail(reference, where, "gearbox_reference_body [" + name + "] is attached to no link"));
    }

    private static Element lastChild(Element parent, String name) {
        List<Element> found = parent.getChildren(name);
        return found.isEmpty() ? null : found.get(found.size() - 1);
    }

    private record Axis(Vec3 xyz, JointLimits limits, JointDynamics dynamics) {}

    /**
     * An {@code <axis>}, its direction turned into the joint frame: SDF 1.6's {@code use_parent_model_frame} and
     * 1.7's {@code expressed_in} may give it in the model or parent link frame.
     */
    private Axis axis(
            Element a, String where, String jointName, Pose jointInModel, FrameGraph graph, String modelName) {
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
        Vec3 direction = xyz.normalized();
        String expressedIn = xyzElement == null
                ? ""
                : xyzElement.getAttributeValue("expressed_in", "").strip();
        if (inModelFrame) {
            expressedIn = FrameGraph.MODEL_FRAME;
        }
        if (!expressedIn.isEmpty() && !expressedIn.equals(jointName)) {
            if (!graph.contains(expressedIn)) {
                throw fail(
                        xyzElement,
                        where,
                        "expressed_in name[" + expressedIn + "] specified by joint axis of"
                                + " joint with name[" + jointName
                                + "] does not match a nested model, link, joint, or frame"
                                + " name in model with name[" + modelName + "].");
            }
            Vec3 inModel = graph.inScope(expressedIn).rotation().rotate(direction);
            direction = jointInModel.rotation().conjugate().rotate(inModel);
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
            LOG.warn(
                    "{}:{}: {}: <spring_stiffness> is read but not simulated",
                    LogSafe.of(Values.source(d)),
                    line(d),
                    LogSafe.of(where));
            ignored.add(d.getChild("spring_stiffness"), where);
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
