package io.orrery.system.gazebo;

/**
 * Gazebo's publish throttle: output is due unless less than one period of sim time has passed since the last
 * (counted from time zero, so the first output comes one period in); when time goes back (a reset) it is due at
 * once. A period of 0 or less means every step. Not thread-safe: one system's.
 */
public final class SimTimeThrottle {

    private final long periodNanos;
    private long lastNanos;

    /** A throttle at {@code frequency} Hz; 0 or less means every step. */
    public static SimTimeThrottle hertz(double frequency) {
        return new SimTimeThrottle(frequency > 0 ? Math.round(1e9 / frequency) : 0);
    }

    private SimTimeThrottle(long periodNanos) {
        this.periodNanos = periodNanos;
    }

    /** True when output is due at {@code simNanos}. */
    public boolean isDue(long simNanos) {
        long since = simNanos - lastNanos;
        return !(since > 0 && since < periodNanos);
    }

    /** Output went out at {@code simNanos}. */
    public void published(long simNanos) {
        lastNanos = simNanos;
    }

    /** As at load: the next output is due one period after time zero. */
    public void reset() {
        lastNanos = 0;
    }
}
