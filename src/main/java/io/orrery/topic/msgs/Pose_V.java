package io.orrery.topic.msgs;

import java.util.List;

/**
 * gz.msgs.Pose_V: many poses at one time, such as every model's. Named as in gz.msgs.
 *
 * @param header stamp and data
 * @param pose the poses
 */
public record Pose_V(Header header, List<Pose> pose) {

    public Pose_V {
        header = Messages.orNone(header);
        pose = Messages.copy(pose);
    }
}
