package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import io.orrery.world.Pose;
import org.jdom2.Element;

/** Reading a {@code <pose>}'s frame, placement frames and the names SDF reserves. */
final class Frames {

    private Frames() {}

    /** The frame a {@code <pose>} names ({@code relative_to}, or SDF 1.6's {@code frame}); {@code ""} for none. */
    static String relativeTo(Element pose) {
        if (pose == null) {
            return "";
        }
        String value = pose.getAttributeValue("relative_to");
        if (value == null || value.isBlank()) {
            value = pose.getAttributeValue("frame");
        }
        return value == null ? "" : value.strip();
    }

    /** The pose's numbers, the identity for none. */
    static Pose raw(Element pose, String where) {
        return pose == null ? Pose.IDENTITY : Values.pose(pose, where);
    }

    /**
     * A model pose given for its placement frame (any frame of the model): the model frame that puts that frame
     * there, as libsdformat computes it (X_RM = X_RPf * X_MPf⁻¹).
     */
    static Pose placed(Element at, String where, Pose placementPose, String frame, FrameGraph model, String modelName) {
        if (!model.contains(frame)) {
            throw fail(
                    at,
                    where,
                    "placement_frame name[" + frame + "] does not match a nested model, link, joint,"
                            + " or frame name in model with name[" + modelName + "].");
        }
        return placementPose.compose(model.inScope(frame).inverse());
    }

    /** libsdformat's reserved names: {@code world} and any name that starts and ends with {@code __}. */
    static void checkNotReserved(Element at, String where, String kind, String name) {
        if (name.equals(FrameGraph.WORLD_FRAME) || name.length() >= 4 && name.startsWith("__") && name.endsWith("__")) {
            throw fail(at, where, "The supplied " + kind + " name [" + name + "] is reserved.");
        }
    }
}
