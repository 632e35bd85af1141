package io.orrery.system.control;

/**
 * The mean of the last {@code window} values pushed, as gz-math's RollingMean: summed afresh from the values kept,
 * so no rounding drifts in over a long run; 0 when empty. Kept in a ring of primitives, since odometry pushes and
 * reads it every step. Not thread-safe.
 */
public final class RollingMean {

    private final double[] values;
    private int next;
    private int size;

    /** A mean over the last {@code window} values (at least one). */
    public RollingMean(int window) {
        this.values = new double[Math.max(1, window)];
    }

    /** Adds {@code value}, dropping the oldest beyond the window. */
    public void push(double value) {
        values[next] = value;
        next = (next + 1) % values.length;
        size = Math.min(size + 1, values.length);
    }

    /** The mean of the values kept; 0 when there is none. */
    public double mean() {
        if (size == 0) {
            return 0;
        }
        // oldest first, as the values were pushed, so the sum rounds as it always did
        double sum = 0;
        int start = size < values.length ? 0 : next;
        for (int i = 0; i < size; i++) {
            sum += values[(start + i) % values.length];
        }
        return sum / size;
    }

    /** Forgets every value. */
    public void clear() {
        next = 0;
        size = 0;
    }
}
