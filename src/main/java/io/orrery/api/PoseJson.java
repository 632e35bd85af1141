package io.orrery.api;

import io.orrery.world.Pose;

/**
 * A pose as JSON everywhere in Orrery, request and response: metres and radians (roll, pitch, yaw) in the world
 * frame.
 */
public record PoseJson(Double x, Double y, Double z, Double roll, Double pitch, Double yaw) {

    /** The JSON form of {@code pose}. */
    public static PoseJson of(Pose pose) {
        var rpy = pose.rotation().toEuler();
        return new PoseJson(pose.x(), pose.y(), pose.z(), rpy.x(), rpy.y(), rpy.z());
    }

    /**
     * The pose these numbers describe.
     *
     * @throws IllegalArgumentException naming the field that is missing or not a finite number
     */
    public Pose toPose() {
        return Pose.of(
                finite("x", x),
                finite("y", y),
                finite("z", z),
                finite("roll", roll),
                finite("pitch", pitch),
                finite("yaw", yaw));
    }

    private static double finite(String field, Double value) {
        if (value == null) {
            throw new IllegalArgumentException("pose field '" + field + "' is missing; expected a pose"
                    + " {\"x\", \"y\", \"z\", \"roll\", \"pitch\", \"yaw\"} in metres and radians");
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("pose field '" + field + "' must be a finite number, got " + value);
        }
        return value;
    }
}
