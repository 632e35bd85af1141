package io.orrery.topic.msgs;

/**
 * gz.msgs.Odometry: where a vehicle is and how it moves.
 *
 * @param header stamp and data
 * @param pose in the odometry frame
 * @param twist in the vehicle frame
 */
public record Odometry(Header header, Pose pose, Twist twist) {

    public Odometry {
        header = Messages.orNone(header);
        pose = pose == null ? Pose.of(Vector3d.ZERO, Quaternion.IDENTITY) : pose;
        twist = twist == null ? new Twist(null, null, null) : twist;
    }
}
