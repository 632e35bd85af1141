package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.line;

import java.util.Optional;

import org.jdom2.Element;

import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;

/** A {@code <sensor>} of a link: its common elements read and checked, the whole element kept as a tree. */
final class SensorReader {

    private SensorReader() {
    }

    static SensorSpec sensor(Element s, String linkWhere, LinkFrame frame) {
        String name = Values.requiredAttribute(s, "name", linkWhere);
        String where = linkWhere + " sensor '" + name + "'";
        String type = Values.requiredAttribute(s, "type", where);
        Pose pose = Pose.IDENTITY;
        double updateRate = 0;
        boolean alwaysOn = false;
        boolean visualize = false;
        Optional<String> topic = Optional.empty();
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = frame.inLink(c, where, "sensor", name);
                case "update_rate" -> updateRate = Values.nonNegative(c, where);
                case "always_on" -> alwaysOn = Values.bool(c, where);
                case "visualize" -> visualize = Values.bool(c, where);
                case "topic" -> topic = Optional.of(Values.text(c)).filter(t -> !t.isEmpty());
                default -> {
                    // the type's own element and the rest are kept in the tree
                }
            }
        }
        return new SensorSpec(name, type, pose, updateRate, alwaysOn, topic, visualize, PluginReader.tree(s),
                line(s));
    }
}
