package io.orrery.runner.pacing;

/**
 * Count, min, max, mean and standard deviation of a stream of values in constant space, by Welford's method,
 * which stays accurate when the values are large and close together (a sum of squares would not).
 */
final class RunningStats {

    private long count;
    private double mean;
    private double sumSquaredDeviations;
    private double min;
    private double max;

    void add(double value) {
        count++;
        double delta = value - mean;
        mean += delta / count;
        sumSquaredDeviations += delta * (value - mean);
        if (count == 1) {
            min = value;
            max = value;
        } else {
            min = Math.min(min, value);
            max = Math.max(max, value);
        }
    }

    long count() {
        return count;
    }

    /** 0 when empty. */
    double mean() {
        return mean;
    }

    /** 0 when empty. */
    double min() {
        return min;
    }

    /** 0 when empty. */
    double max() {
        return max;
    }

    /** The population standard deviation: of the values recorded, not an estimate for a larger population. */
    double std() {
        return count == 0 ? 0 : Math.sqrt(sumSquaredDeviations / count);
    }

    void reset() {
        count = 0;
        mean = 0;
        sumSquaredDeviations = 0;
        min = 0;
        max = 0;
    }

    StatisticsSnapshot.Summary summary() {
        return new StatisticsSnapshot.Summary(count, min, max, mean, std());
    }
}
