package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import java.util.List;

import org.jdom2.Element;

import io.orrery.world.LinkSpec;
import io.orrery.world.Pose;

/**
 * Pose frames. Orrery builds no frame graph: a pose's {@code relative_to} (SDF 1.7+) or {@code frame} (1.6) may
 * name only the element's default parent frame, and a placement frame only a link of the model.
 */
final class Frames {

    private Frames() {
    }

    /** Only the default parent frame may be named: anything else would need a frame graph Orrery does not build. */
    static void checkRelativeTo(Element pose, String where, List<String> allowed, String parentFrame) {
        for (String attribute : List.of("relative_to", "frame")) {
            String value = pose.getAttributeValue(attribute);
            if (value != null && !value.isBlank() && !allowed.contains(value.strip())) {
                throw fail(pose, where, attribute + "='" + value + "' is not supported: only the parent frame ("
                        + parentFrame + ") can be named, so the pose cannot be placed");
            }
        }
    }

    /** A model's {@code <pose>}: in the world, or in the parent model when {@code parentName} is not null. */
    static Pose modelPose(Element pose, String where, String parentName) {
        if (parentName == null) {
            checkRelativeTo(pose, where, List.of("world"), "the world");
        } else {
            checkRelativeTo(pose, where, List.of("__model__", parentName), "the parent model '" + parentName
                    + "' or '__model__'");
        }
        return Values.pose(pose, where);
    }

    /** A model pose given for its placement frame (a link): the model frame that puts that link there. */
    static Pose placed(Element at, String where, Pose placementPose, String frame, List<LinkSpec> links) {
        LinkSpec link = links.stream().filter(l -> l.name().equals(frame)).findFirst()
                .orElseThrow(() -> fail(at, where, "placement_frame='" + frame + "' is not supported: only a link"
                        + " of the model can be named"));
        return placementPose.compose(link.pose().inverse());
    }
}
