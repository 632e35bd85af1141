package io.orrery.world;

/**
 * The {@code <physics>} element.
 *
 * @param maxStepSize step size in seconds (SDF default 0.001)
 * @param realTimeFactor target real-time factor (SDF default 1)
 * @param realTimeUpdateRate steps per wall second requested (SDF default 1000; 0 means as fast as possible)
 */
public record PhysicsSpec(double maxStepSize, double realTimeFactor, double realTimeUpdateRate) {

    public static final PhysicsSpec DEFAULT = new PhysicsSpec(0.001, 1.0, 1000);
}
