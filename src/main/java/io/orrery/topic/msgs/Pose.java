package io.orrery.topic.msgs;

/**
 * gz.msgs.Pose: a named pose (of a model, a link, a sensor).
 *
 * @param header stamp and data
 * @param name what the pose is of; empty when unnamed
 * @param id the entity's id, 0 when unknown
 * @param position metres
 * @param orientation unit quaternion
 */
public record Pose(Header header, String name, long id, Vector3d position, Quaternion orientation) {

    public Pose {
        header = Messages.orNone(header);
        name = name == null ? "" : name;
        position = Vector3d.orZero(position);
        orientation = Quaternion.orIdentity(orientation);
    }

    /** An unnamed pose without a header. */
    public static Pose of(Vector3d position, Quaternion orientation) {
        return new Pose(Header.NONE, "", 0, position, orientation);
    }
}
