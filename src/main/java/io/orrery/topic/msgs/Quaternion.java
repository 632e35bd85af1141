package io.orrery.topic.msgs;

/**
 * gz.msgs.Quaternion. An absent orientation reads as the identity; a quaternion sent with only some fields keeps
 * protobuf's zero for the others, as in Gazebo.
 */
public record Quaternion(double x, double y, double z, double w) {

    /** No rotation. */
    public static final Quaternion IDENTITY = new Quaternion(0, 0, 0, 1);

    static Quaternion orIdentity(Quaternion q) {
        return q == null ? IDENTITY : q;
    }
}
