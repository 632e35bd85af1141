package io.orrery.system;

/**
 * What systems are told about the current iteration (Gazebo Sim's {@code UpdateInfo}).
 *
 * <p>Sim time is an exact count of nanoseconds, the sum of the steps taken, so it never drifts the way a
 * sum of floating-point seconds does. While paused no step is taken: {@code dtNanos} is 0 and neither sim
 * time nor the iteration count advances.
 *
 * @param simTimeNanos sim time reached once this iteration's PreUpdate and Update have run
 * @param realTimeNanos wall time since the run started, on the monotonic clock
 * @param dtNanos the step this iteration takes, 0 while paused
 * @param iterations the number of steps taken, this one included
 * @param paused true when the simulation is paused
 */
public record UpdateInfo(long simTimeNanos, long realTimeNanos, long dtNanos, long iterations, boolean paused) {

    private static final double NANOS_PER_SECOND = 1e9;

    /** The state before the first step: everything zero, not paused. */
    public static final UpdateInfo START = new UpdateInfo(0, 0, 0, 0, false);

    public UpdateInfo {
        requireNonNegative("simTimeNanos", simTimeNanos);
        requireNonNegative("realTimeNanos", realTimeNanos);
        requireNonNegative("dtNanos", dtNanos);
        requireNonNegative("iterations", iterations);
        if (paused && dtNanos != 0) {
            throw new IllegalArgumentException("dtNanos must be 0 while paused, got " + dtNanos);
        }
    }

    /** The info of the next iteration: one more step of {@code stepNanos}, not paused. */
    public UpdateInfo next(long stepNanos, long realTimeNanos) {
        if (stepNanos <= 0) {
            throw new IllegalArgumentException("stepNanos must be > 0, got " + stepNanos);
        }
        return new UpdateInfo(
                Math.addExact(simTimeNanos, stepNanos), realTimeNanos, stepNanos, Math.addExact(iterations, 1), false);
    }

    /** The same sim time and iteration count, paused (dt 0), at a new wall time. */
    public UpdateInfo pausedAt(long realTimeNanos) {
        return new UpdateInfo(simTimeNanos, realTimeNanos, 0, iterations, true);
    }

    /** Sim time in seconds. */
    public double simTimeSeconds() {
        return simTimeNanos / NANOS_PER_SECOND;
    }

    /** The step in seconds, 0 while paused. */
    public double dtSeconds() {
        return dtNanos / NANOS_PER_SECOND;
    }

    /** Wall time since the run started, in seconds. */
    public double realTimeSeconds() {
        return realTimeNanos / NANOS_PER_SECOND;
    }

    private static void requireNonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
    }
}
