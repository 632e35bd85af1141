package io.orrery.topic.msgs;

import java.util.List;

/**
 * gz.msgs.Model, as Gazebo's joint state publisher sends it: the model's pose and its joints' states.
 *
 * @param header stamp and data
 * @param name the model's name
 * @param id its entity id, 0 when unknown
 * @param joint one per joint
 * @param pose the model's pose
 */
public record Model(Header header, String name, long id, List<Joint> joint, Pose pose) {

    public Model {
        header = Messages.orNone(header);
        name = name == null ? "" : name;
        joint = Messages.copy(joint);
        pose = pose == null ? Pose.of(Vector3d.ZERO, Quaternion.IDENTITY) : pose;
    }
}
