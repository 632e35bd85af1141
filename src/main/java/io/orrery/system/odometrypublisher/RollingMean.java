package io.orrery.system.odometrypublisher;

import java.util.ArrayDeque;

/** The mean of the last {@code window} values pushed, as gz-math's RollingMean; 0 when empty. */
final class RollingMean {

    private final int window;
    private final ArrayDeque<Double> values = new ArrayDeque<>();
    private double sum;

    RollingMean(int window) {
        this.window = window;
    }

    void push(double value) {
        values.addLast(value);
        sum += value;
        if (values.size() > window) {
            sum -= values.removeFirst();
        }
    }

    double mean() {
        return values.isEmpty() ? 0 : sum / values.size();
    }

    void clear() {
        values.clear();
        sum = 0;
    }
}
