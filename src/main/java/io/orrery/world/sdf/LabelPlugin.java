package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.LinkSpec;
import io.orrery.world.VisualSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.jdom2.Element;

/**
 * Gazebo's {@code label} system ({@code <plugin filename="gz-sim-label-system" name="gz::sim::systems::Label">}), which
 * gives a visual, or every visual of a model's own links, the segmentation label in its {@code <label>}, 0 to 255.
 */
final class LabelPlugin {

    // the label system's filename and name in every spelling Gazebo takes (gz-sim, ignition-gazebo, lib..., .so)
    private static final Pattern FILENAME =
            Pattern.compile("^(?:lib)?(?:gz-sim|ignition-gazebo)\\d*-label-system(?:\\.so)?$");
    private static final Pattern NAME = Pattern.compile("^(?:gz::sim|ignition::gazebo)::systems::Label$");

    private LabelPlugin() {}

    /** True for the label system's plugin, by its filename or its name in any of Gazebo's spellings. */
    static boolean isLabelSystem(String filename, String name) {
        return FILENAME.matcher(filename.strip()).matches()
                || NAME.matcher(name.strip()).matches();
    }

    /**
     * The links with the model's label given to every visual that has no label plugin of its own, as Gazebo's label
     * system does for a model's own links (not its nested models').
     */
    static List<LinkSpec> labelled(List<LinkSpec> links, OptionalInt modelLabel) {
        if (modelLabel.isEmpty()) {
            return links;
        }
        List<LinkSpec> out = new ArrayList<>();
        for (LinkSpec l : links) {
            List<VisualSpec> visuals = l.visuals().stream()
                    .map(v -> v.plugins().stream().anyMatch(p -> isLabelSystem(p.filename(), p.name()))
                            ? v
                            : v.withLabel(modelLabel))
                    .toList();
            out.add(new LinkSpec(
                    l.name(),
                    l.pose(),
                    l.inertial(),
                    l.collisions(),
                    l.sensors(),
                    l.selfCollide(),
                    visuals,
                    l.lights(),
                    l.enableWind()));
        }
        return out;
    }

    /** The label a {@code <plugin>} gives, when it is the label system; a missing or bad label refuses the world. */
    static OptionalInt label(Element plugin, String where) {
        String filename = plugin.getAttributeValue("filename", "").strip();
        String name = plugin.getAttributeValue("name", "").strip();
        if (!isLabelSystem(filename, name)) {
            return OptionalInt.empty();
        }
        String pluginWhere = where + " plugin '" + name + "'";
        Element label = plugin.getChild("label");
        if (label == null) {
            throw fail(plugin, pluginWhere, "the label system needs a <label>, 0 to " + VisualSpec.MAX_LABEL);
        }
        int value;
        try {
            value = Integer.parseInt(text(label));
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 0 || value > VisualSpec.MAX_LABEL) {
            throw fail(
                    label,
                    pluginWhere,
                    "<label> must be a whole number from 0 to " + VisualSpec.MAX_LABEL + ", got '" + text(label) + "'");
        }
        return OptionalInt.of(value);
    }
}
