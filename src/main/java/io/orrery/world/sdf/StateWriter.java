package io.orrery.world.sdf;

import io.orrery.world.Pose;
import io.orrery.world.StateSpec;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jdom2.Element;

/**
 * Writes a world's {@code <state>} as Gazebo classic saves it (SDF 1.4 to 1.11): per moving model its pose, its
 * joints' angles and its links' world poses and velocities, nested models as nested {@code <model>}. Every number is
 * written so that it reads back to the same double ({@link Double#toString}), and poses as quaternions
 * ({@code rotation_format="quat_xyzw"}, SDF 1.9), not Euler angles: a saved world goes on from the very state it was
 * saved in.
 */
final class StateWriter {

    private StateWriter() {}

    /** Replaces the {@code <state>} of {@code world} (a {@code <world>} element) with {@code state}. */
    static void replace(Element world, String worldName, StateSpec state) {
        world.removeChildren("state");
        Element s = new Element("state").setAttribute("world_name", worldName);
        s.addContent(new Element("sim_time")
                .setText(state.simTimeNanos() / 1_000_000_000L + " " + state.simTimeNanos() % 1_000_000_000L));
        s.addContent(new Element("iterations").setText(Long.toString(state.iterations())));
        for (StateSpec.Model model : state.models()) {
            Element m = new Element("model").setAttribute("name", model.name());
            model.pose().ifPresent(p -> m.addContent(pose(p)));
            addEntries(m, "", model.links(), model.joints());
            s.addContent(m);
        }
        world.addContent(s);
    }

    /** The joints and links whose scoped names start with {@code prefix}; deeper ones in nested models. */
    private static void addEntries(
            Element parent, String prefix, List<StateSpec.Link> links, List<StateSpec.Joint> joints) {
        Set<String> nested = new LinkedHashSet<>();
        List<StateSpec.Link> deeperLinks = new ArrayList<>();
        List<StateSpec.Joint> deeperJoints = new ArrayList<>();
        for (StateSpec.Joint joint : joints) {
            String local = joint.name().substring(prefix.length());
            if (local.contains("::")) {
                deeperJoints.add(joint);
                nested.add(local.substring(0, local.indexOf("::")));
                continue;
            }
            Element j = new Element("joint")
                    .setAttribute("name", local)
                    .addContent(new Element("angle").setAttribute("axis", "0").setText(number(joint.position())));
            if (joint.hasSecondAxis()) {
                j.addContent(new Element("angle").setAttribute("axis", "1").setText(number(joint.position2())));
            }
            parent.addContent(j);
        }
        for (StateSpec.Link link : links) {
            String local = link.name().substring(prefix.length());
            if (local.contains("::")) {
                deeperLinks.add(link);
                nested.add(local.substring(0, local.indexOf("::")));
                continue;
            }
            Element l = new Element("link").setAttribute("name", local);
            l.addContent(pose(link.pose()));
            l.addContent(new Element("velocity").setText(numbers(link.linear(), link.angular())));
            parent.addContent(l);
        }
        for (String name : nested) {
            Element m = new Element("model").setAttribute("name", name);
            String inner = prefix + name + "::";
            addEntries(
                    m,
                    inner,
                    deeperLinks.stream().filter(l -> l.name().startsWith(inner)).toList(),
                    deeperJoints.stream()
                            .filter(j -> j.name().startsWith(inner))
                            .toList());
            parent.addContent(m);
        }
    }

    private static Element pose(Pose pose) {
        return new Element("pose")
                .setAttribute("rotation_format", "quat_xyzw")
                .setText(String.join(
                        " ",
                        number(pose.x()),
                        number(pose.y()),
                        number(pose.z()),
                        number(pose.rotation().x()),
                        number(pose.rotation().y()),
                        number(pose.rotation().z()),
                        number(pose.rotation().w())));
    }

    private static String numbers(Vec3 a, Vec3 b) {
        return String.join(
                " ", number(a.x()), number(a.y()), number(a.z()), number(b.x()), number(b.y()), number(b.z()));
    }

    /** The shortest text that reads back to the same double. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("cannot write a non-finite number to SDF: " + value);
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value); // -0.0 becomes 0: the same position or velocity
        }
        return Double.toString(value);
    }
}
