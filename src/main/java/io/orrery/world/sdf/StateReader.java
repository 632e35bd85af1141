package io.orrery.world.sdf;

import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicalBounds;
import io.orrery.world.Pose;
import io.orrery.world.StateSpec;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/**
 * Reads a world's {@code <state>} (SDF 1.4 to 1.11: {@code <model>}, its {@code <pose>}, {@code <joint>} with
 * {@code <angle axis="0">}, {@code <link>} with {@code <pose>} and {@code <velocity>} in the world frame, nested
 * {@code <model>}), checked against the models the world holds: every name must be one of theirs. What a state may
 * hold that Orrery does not start from (accelerations, wrenches, collisions, scales, lights, insertions and
 * deletions, the wall and real times) is listed as ignored.
 */
final class StateReader {

    private final IgnoredElements ignored;

    StateReader(IgnoredElements ignored) {
        this.ignored = ignored;
    }

    StateSpec read(Element state, String worldName, List<ModelSpec> models) {
        String where = "world '" + worldName + "' <state>";
        String named = state.getAttributeValue("world_name");
        if (named != null && !named.strip().equals(worldName) && !named.strip().equals("__default__")) {
            throw Values.fail(state, where, "<state world_name=\"" + named + "\"> is not this world's state");
        }
        long simTime = 0;
        long iterations = 0;
        List<StateSpec.Model> states = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (Element c : state.getChildren()) {
            switch (c.getQualifiedName()) {
                case "sim_time" -> simTime = time(c, where);
                case "iterations" -> iterations = count(c, where);
                case "model" -> {
                    String name = Values.requiredAttribute(c, "name", where);
                    ModelSpec model = models.stream()
                            .filter(m -> m.name().equals(name))
                            .findFirst()
                            .orElseThrow(() ->
                                    Values.fail(c, where, "no top-level model named '" + name + "' in the world"));
                    if (seen.contains(name)) {
                        throw Values.fail(c, where, "model '" + name + "' is listed twice");
                    }
                    seen.add(name);
                    states.add(model(c, model, where + " model '" + name + "'"));
                }
                default -> ignored.add(c, where);
            }
        }
        return new StateSpec(simTime, iterations, states);
    }

    private StateSpec.Model model(Element element, ModelSpec model, String where) {
        List<StateSpec.Link> links = new ArrayList<>();
        List<StateSpec.Joint> joints = new ArrayList<>();
        Optional<Pose> pose = Optional.empty();
        for (Element c : element.getChildren()) {
            if (c.getQualifiedName().equals("pose")) {
                pose = Optional.of(Values.pose(c, where));
            } else {
                entry(c, model, "", links, joints, where);
            }
        }
        if (!links.isEmpty() && model.isStatic()) {
            throw Values.fail(element, where, "model '" + model.name() + "' is static: its links have no state");
        }
        try {
            return new StateSpec.Model(model.name(), pose, links, joints);
        } catch (IllegalArgumentException e) {
            throw Values.fail(element, where, e.getMessage());
        }
    }

    /** A link, joint or nested model of the (possibly nested) {@code model}, whose names take {@code prefix}. */
    private void entry(
            Element c,
            ModelSpec model,
            String prefix,
            List<StateSpec.Link> links,
            List<StateSpec.Joint> joints,
            String where) {
        switch (c.getQualifiedName()) {
            case "link" -> {
                String name = Values.requiredAttribute(c, "name", where);
                LinkSpec link = model.links().stream()
                        .filter(l -> l.name().equals(name))
                        .findFirst()
                        .orElseThrow(() -> Values.fail(c, where, "no link named '" + prefix + name + "'"));
                links.add(link(c, prefix + link.name(), where + " link '" + prefix + name + "'"));
            }
            case "joint" -> {
                String name = Values.requiredAttribute(c, "name", where);
                JointSpec joint = model.joints().stream()
                        .filter(j -> j.name().equals(name))
                        .findFirst()
                        .orElseThrow(() -> Values.fail(c, where, "no joint named '" + prefix + name + "'"));
                joint(c, joint, prefix + name, where + " joint '" + prefix + name + "'")
                        .ifPresent(joints::add);
            }
            case "model" -> {
                String name = Values.requiredAttribute(c, "name", where);
                ModelSpec nested = model.models().stream()
                        .filter(m -> m.name().equals(name))
                        .findFirst()
                        .orElseThrow(() -> Values.fail(c, where, "no nested model named '" + prefix + name + "'"));
                for (Element n : c.getChildren()) {
                    if (n.getQualifiedName().equals("pose")) {
                        ignored.add(n, where + " model '" + prefix + name + "'"); // its links say where it is
                    } else {
                        entry(n, nested, prefix + name + "::", links, joints, where);
                    }
                }
            }
            default -> ignored.add(c, where);
        }
    }

    private StateSpec.Link link(Element e, String name, String where) {
        Pose pose = null;
        Vec3 linear = Vec3.ZERO;
        Vec3 angular = Vec3.ZERO;
        for (Element c : e.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = Values.pose(c, where);
                case "velocity" -> {
                    double[] v = Values.numbers(c, 6, where);
                    for (double component : v) {
                        if (Math.abs(component) > PhysicalBounds.MAX_SPEED) {
                            throw Values.fail(
                                    c,
                                    where,
                                    "<velocity> " + Math.abs(component) + " is beyond " + PhysicalBounds.MAX_SPEED
                                            + " m/s or rad/s, the fastest a state may start a link"
                                            + " (single-precision physics; docs/limits.md)");
                        }
                    }
                    linear = new Vec3(v[0], v[1], v[2]);
                    angular = new Vec3(v[3], v[4], v[5]);
                }
                default -> ignored.add(c, where);
            }
        }
        if (pose == null) {
            throw Values.fail(e, where, "a link's state needs its <pose> (in the world frame)");
        }
        return new StateSpec.Link(name, pose, linear, angular);
    }

    private Optional<StateSpec.Joint> joint(Element e, JointSpec joint, String name, String where) {
        Double[] angles = new Double[2];
        int axes = joint.type().hasSecondAxis() ? 2 : 1;
        for (Element c : e.getChildren()) {
            if (!c.getQualifiedName().equals("angle")) {
                ignored.add(c, where);
                continue;
            }
            String axis = c.getAttributeValue("axis", "0").strip();
            int index = axis.equals("0") ? 0 : axis.equals("1") ? 1 : -1;
            if (index < 0 || index >= axes) {
                throw Values.fail(
                        c,
                        where,
                        "<angle axis=\"" + axis + "\">: a " + typeName(joint) + " joint has "
                                + (axes == 2 ? "axes 0 and 1" : "one axis, 0"));
            }
            if (joint.type() == JointSpec.JointType.FIXED || joint.type() == JointSpec.JointType.BALL) {
                throw Values.fail(c, where, "a " + typeName(joint) + " joint has no position along an axis");
            }
            if (angles[index] != null) {
                throw Values.fail(c, where, "axis " + index + "'s angle is given twice");
            }
            angles[index] = Values.numbers(c, 1, where)[0];
        }
        if (angles[0] == null) {
            if (angles[1] != null) {
                throw Values.fail(e, where, "axis 1's angle needs axis 0's");
            }
            return Optional.empty();
        }
        return Optional.of(new StateSpec.Joint(name, angles[0], angles[1] == null ? Double.NaN : angles[1]));
    }

    private static String typeName(JointSpec joint) {
        return joint.type().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** An SDF time: seconds and nanoseconds, or seconds alone. */
    private static long time(Element e, String where) {
        String[] parts = Values.text(e).split("\\s+");
        try {
            long nanos;
            if (parts.length == 2) {
                nanos = Math.addExact(
                        Math.multiplyExact(Long.parseLong(parts[0]), 1_000_000_000L), Long.parseLong(parts[1]));
            } else if (parts.length == 1) {
                nanos = Math.round(Double.parseDouble(parts[0]) * 1e9);
            } else {
                throw new NumberFormatException();
            }
            if (nanos < 0) {
                throw new NumberFormatException();
            }
            return nanos;
        } catch (NumberFormatException | ArithmeticException ex) {
            throw Values.fail(
                    e,
                    where,
                    "<" + e.getName() + "> must be a time (seconds and nanoseconds), got '" + Values.text(e) + "'");
        }
    }

    private static long count(Element e, String where) {
        try {
            long n = Long.parseLong(Values.text(e));
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException ex) {
            throw Values.fail(
                    e, where, "<iterations> must be a whole number of 0 or more, got '" + Values.text(e) + "'");
        }
    }
}
