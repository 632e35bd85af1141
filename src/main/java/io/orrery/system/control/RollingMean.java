package io.orrery.system.control;

import java.util.ArrayDeque;

/**
 * The mean of the last {@code window} values pushed, as gz-math's RollingMean: summed afresh from the values kept,
 * so no rounding drifts in over a long run; 0 when empty. Not thread-safe.
 */
public final class RollingMean {

    private final int window;
    private final ArrayDeque<Double> values = new ArrayDeque<>();

    /** A mean over the last {@code window} values (at least one). */
    public RollingMean(int window) {
        this.window = Math.max(1, window);
    }

    /** Adds {@code value}, dropping the oldest beyond the window. */
    public void push(double value) {
        values.addLast(value);
        if (values.size() > window) {
            values.removeFirst();
        }
    }

    /** The mean of the values kept; 0 when there is none. */
    public double mean() {
        if (values.isEmpty()) {
            return 0;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.size();
    }

    /** Forgets every value. */
    public void clear() {
        values.clear();
    }
}
