package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import io.orrery.world.Pose;
import org.jdom2.Element;

/**
 * Resolves the poses inside one link (collisions, sensors) into the link frame: a {@code <pose>} is in the link frame
 * unless its {@code relative_to} names another frame of the model.
 *
 * @param graph the model's frames
 * @param link the link's name
 * @param modelName the model's name, for messages
 */
record LinkFrame(FrameGraph graph, String link, String modelName) {

    /**
     * The pose element's pose in the link frame; the identity for none.
     *
     * @param kind what holds the pose ({@code collision}, {@code sensor}), for messages
     * @param name its name, for messages
     */
    Pose inLink(Element pose, String where, String kind, String name) {
        if (pose == null) {
            return Pose.IDENTITY;
        }
        Pose raw = Values.pose(pose, where);
        String relativeTo = Frames.relativeTo(pose);
        if (relativeTo.isEmpty() || relativeTo.equals(link)) {
            return raw;
        }
        if (!graph.contains(relativeTo)) {
            throw fail(
                    pose,
                    where,
                    "relative_to name[" + relativeTo + "] specified by " + kind + " with name["
                            + name + "] does not match a nested model, link, joint, or frame name in model with name["
                            + modelName + "].");
        }
        return graph.relative(link, relativeTo).compose(raw);
    }
}
