package io.orrery.runner.pacing;

/**
 * The run's statistics at one moment, immutable, for reports. Times exclude the time spent paused. A factor
 * that cannot be computed yet (no wall time has passed) is 0.
 *
 * @param steps steps recorded since the statistics started
 * @param droppedSteps steps the pacer dropped because they fell due more than the catch-up horizon ago
 * @param simSeconds sim time advanced while running
 * @param wallSeconds wall time spent running
 * @param achievedFactorWindow sim time over wall time across the last steps (the window)
 * @param achievedFactorSinceStart sim time over wall time since the start
 * @param achievedFactor the windowed achieved factor, summarised over all steps
 * @param achievableFactor step size over cycle time: how fast the sim could run without sleeping
 * @param cycleSeconds the time each step took to compute
 * @param paddingSeconds the time slept before each step to keep pace
 */
public record StatisticsSnapshot(
        long steps,
        long droppedSteps,
        double simSeconds,
        double wallSeconds,
        double achievedFactorWindow,
        double achievedFactorSinceStart,
        Summary achievedFactor,
        Summary achievableFactor,
        Summary cycleSeconds,
        Summary paddingSeconds) {

    /** Nothing recorded yet. */
    public static final StatisticsSnapshot EMPTY =
            new StatisticsSnapshot(0, 0, 0, 0, 0, 0, Summary.EMPTY, Summary.EMPTY, Summary.EMPTY, Summary.EMPTY);

    /**
     * A summary of a series of values; all zero when {@code count} is 0.
     *
     * @param std the population standard deviation
     */
    public record Summary(long count, double min, double max, double mean, double std) {

        /** No values. */
        public static final Summary EMPTY = new Summary(0, 0, 0, 0, 0);
    }
}
