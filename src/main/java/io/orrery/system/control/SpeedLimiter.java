package io.orrery.system.control;

/**
 * Limits a commanded speed the way gz-math's SpeedLimiter does: first the jerk (the change of acceleration
 * against the two previous commands), then the acceleration (against the previous command), then the speed
 * itself. Every bound defaults to unlimited; a zero time step limits nothing but the speed. Immutable.
 *
 * @param minVelocity lowest speed
 * @param maxVelocity highest speed
 * @param minAcceleration lowest acceleration (usually negative: the hardest braking)
 * @param maxAcceleration highest acceleration
 * @param minJerk lowest jerk
 * @param maxJerk highest jerk
 */
public record SpeedLimiter(
        double minVelocity,
        double maxVelocity,
        double minAcceleration,
        double maxAcceleration,
        double minJerk,
        double maxJerk) {

    /** No limit at all. */
    public static final SpeedLimiter NONE = new SpeedLimiter(
            Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY);

    /** Reads a bound by its parameter name, {@code unset} where the plugin does not set it. */
    @FunctionalInterface
    public interface Bounds {
        double get(String name, double unset);
    }

    /**
     * The bounds Gazebo's drives read under their shared names ({@code min_velocity}, {@code max_velocity},
     * {@code min_acceleration}, {@code max_acceleration}, {@code min_jerk}, {@code max_jerk}), each unlimited where
     * unset.
     */
    public static SpeedLimiter named(Bounds bounds) {
        return new SpeedLimiter(
                bounds.get("min_velocity", NONE.minVelocity),
                bounds.get("max_velocity", NONE.maxVelocity),
                bounds.get("min_acceleration", NONE.minAcceleration),
                bounds.get("max_acceleration", NONE.maxAcceleration),
                bounds.get("min_jerk", NONE.minJerk),
                bounds.get("max_jerk", NONE.maxJerk));
    }

    public SpeedLimiter withVelocity(double min, double max) {
        return new SpeedLimiter(min, max, minAcceleration, maxAcceleration, minJerk, maxJerk);
    }

    public SpeedLimiter withAcceleration(double min, double max) {
        return new SpeedLimiter(minVelocity, maxVelocity, min, max, minJerk, maxJerk);
    }

    public SpeedLimiter withJerk(double min, double max) {
        return new SpeedLimiter(minVelocity, maxVelocity, minAcceleration, maxAcceleration, min, max);
    }

    /**
     * The speed to command instead of {@code wanted}, given the two previous commands.
     *
     * @param wanted the commanded speed
     * @param previous the speed commanded one step ago
     * @param beforePrevious the speed commanded two steps ago
     * @param dt the step in seconds
     */
    public double limit(double wanted, double previous, double beforePrevious, double dt) {
        double v = wanted;
        if (dt != 0) {
            double accelerationBefore = (previous - beforePrevious) / dt;
            double jerk = clamp(((v - previous) / dt - accelerationBefore) / dt, minJerk, maxJerk);
            v = previous + (accelerationBefore + jerk * dt) * dt;
            v = previous + clamp((v - previous) / dt, minAcceleration, maxAcceleration) * dt;
        }
        return clamp(v, minVelocity, maxVelocity);
    }

    static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
