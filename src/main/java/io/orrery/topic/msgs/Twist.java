package io.orrery.topic.msgs;

/**
 * gz.msgs.Twist: a velocity command or a measured velocity.
 *
 * @param header stamp and data
 * @param linear m/s
 * @param angular rad/s
 */
public record Twist(Header header, Vector3d linear, Vector3d angular) {

    public Twist {
        header = Messages.orNone(header);
        linear = Vector3d.orZero(linear);
        angular = Vector3d.orZero(angular);
    }
}
