package io.orrery.topic.msgs;

/** gz.msgs.Vector3d. */
public record Vector3d(double x, double y, double z) {

    /** The zero vector. */
    public static final Vector3d ZERO = new Vector3d(0, 0, 0);

    static Vector3d orZero(Vector3d v) {
        return v == null ? ZERO : v;
    }
}
