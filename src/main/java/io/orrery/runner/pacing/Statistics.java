package io.orrery.runner.pacing;

/**
 * Per-step timing statistics of a run, after Cloe's: cycle time (computing a step), padding time (sleeping
 * before it), the achieved real-time factor (sim time over wall time, across a window of the last steps and
 * since the start) and the achievable one (step size over cycle time).
 *
 * <p>The runner thread calls {@link #start} (or {@link #startBatch}), {@link #record}, {@link #recordDroppedSteps},
 * {@link #pause} and {@link #reset}; recording allocates nothing. Every {@code publishEverySteps} steps, and on {@link #publish}, an
 * immutable {@link StatisticsSnapshot} is published that any thread can read with {@link #snapshot}.
 */
public final class Statistics {

    /** Steps in the window of the windowed achieved factor (1 s at a 1 ms step). */
    public static final int DEFAULT_WINDOW_STEPS = 1000;

    /** Steps between two published snapshots. */
    public static final int DEFAULT_PUBLISH_EVERY_STEPS = 100;

    private static final double NANOS_PER_SECOND = 1e9;

    private final int publishEverySteps;
    // Ring of (wall, sim) samples: the segment's start and then one per step, the newest windowSteps + 1 kept.
    private final long[] windowWall;
    private final long[] windowSim;
    private int windowNewest = -1;
    private int windowSize;

    private final RunningStats cycle = new RunningStats();
    private final RunningStats padding = new RunningStats();
    private final RunningStats achieved = new RunningStats();
    private final RunningStats achievable = new RunningStats();

    private boolean running;
    /** The running segment is a step batch of a paused world: its steps count, its factor does not. */
    private boolean batch;

    private long steps;
    private long droppedSteps;
    private long stepsSincePublish;
    // Totals of the running segments that have ended (by pause), and the start of the current one.
    private long endedWallNanos;
    private long endedSimNanos;
    private long segmentStartWall;
    private long segmentStartSim;
    private long lastWall;
    private long lastSim;
    private double achievedWindow;

    private volatile StatisticsSnapshot published = StatisticsSnapshot.EMPTY;

    /** Statistics with the default window and publishing interval. */
    public Statistics() {
        this(DEFAULT_WINDOW_STEPS, DEFAULT_PUBLISH_EVERY_STEPS);
    }

    /**
     * @param windowSteps steps in the window of the windowed achieved factor, >= 1
     * @param publishEverySteps steps between two published snapshots, >= 1
     */
    public Statistics(int windowSteps, int publishEverySteps) {
        if (windowSteps < 1) {
            throw new IllegalArgumentException("windowSteps must be >= 1, got " + windowSteps);
        }
        if (publishEverySteps < 1) {
            throw new IllegalArgumentException("publishEverySteps must be >= 1, got " + publishEverySteps);
        }
        this.publishEverySteps = publishEverySteps;
        this.windowWall = new long[windowSteps + 1];
        this.windowSim = new long[windowSteps + 1];
    }

    /** Starts, or after {@link #pause} resumes, counting at this wall and sim time; the window starts afresh. */
    public void start(long wallNanos, long simNanos) {
        if (running) {
            endSegment(lastWall, lastSim);
        }
        running = true;
        batch = false;
        segmentStartWall = wallNanos;
        segmentStartSim = simNanos;
        lastWall = wallNanos;
        lastSim = simNanos;
        windowNewest = -1;
        windowSize = 0;
        achievedWindow = 0;
        pushSample(wallNanos, simNanos);
    }

    /**
     * Starts counting the steps of a step batch of a paused world (unpaced, as fast as the machine goes, or a
     * controller's lockstep): their cycle times and the achievable factor count, but they are no real-time factor
     * achieved, so the achieved factors (windowed and since the start) stay what they were until {@link #pause}.
     */
    public void startBatch(long wallNanos, long simNanos) {
        if (running) {
            endSegment(lastWall, lastSim);
        }
        running = true;
        batch = true;
        segmentStartWall = wallNanos;
        segmentStartSim = simNanos;
        lastWall = wallNanos;
        lastSim = simNanos;
    }

    /** Stops counting: wall time until the next {@link #start} does not lower the achieved factor. Publishes. */
    public void pause(long wallNanos, long simNanos) {
        if (running) {
            endSegment(wallNanos, simNanos);
            running = false;
            batch = false;
        }
        publish();
    }

    /**
     * Records one step. {@code wallNanos} and {@code simNanos} are the clocks once it is done; {@code cycleNanos}
     * is how long it took and {@code paddingNanos} how long the runner slept before it.
     */
    public void record(long wallNanos, long simNanos, long stepNanos, long cycleNanos, long paddingNanos) {
        if (!running) {
            throw new IllegalStateException("statistics are not running; call start(wallNanos, simNanos) first");
        }
        steps++;
        lastWall = wallNanos;
        lastSim = simNanos;
        cycle.add(cycleNanos / NANOS_PER_SECOND);
        padding.add(paddingNanos / NANOS_PER_SECOND);
        if (cycleNanos > 0) {
            achievable.add((double) stepNanos / cycleNanos);
        }
        if (batch) {
            if (++stepsSincePublish >= publishEverySteps) {
                publish();
            }
            return;
        }
        pushSample(wallNanos, simNanos);
        int oldest = Math.floorMod(windowNewest - windowSize + 1, windowWall.length);
        long wallSpan = wallNanos - windowWall[oldest];
        if (wallSpan > 0) {
            achievedWindow = (double) (simNanos - windowSim[oldest]) / wallSpan;
            achieved.add(achievedWindow);
        }
        if (++stepsSincePublish >= publishEverySteps) {
            publish();
        }
    }

    /** Counts steps the pacer dropped ({@link RealTimePacer#takeDroppedSteps}); published with the next snapshot. */
    public void recordDroppedSteps(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("dropped steps must be >= 0, got " + count);
        }
        droppedSteps += count;
    }

    /** Publishes a snapshot of the statistics so far and returns it. */
    public StatisticsSnapshot publish() {
        boolean paced = running && !batch;
        long wall = endedWallNanos + (paced ? lastWall - segmentStartWall : 0);
        long sim = endedSimNanos + (paced ? lastSim - segmentStartSim : 0);
        StatisticsSnapshot snapshot = new StatisticsSnapshot(
                steps,
                droppedSteps,
                sim / NANOS_PER_SECOND,
                wall / NANOS_PER_SECOND,
                achievedWindow,
                wall > 0 ? (double) sim / wall : 0,
                achieved.summary(),
                achievable.summary(),
                cycle.summary(),
                padding.summary());
        stepsSincePublish = 0;
        published = snapshot;
        return snapshot;
    }

    /** The latest published snapshot; safe from any thread. */
    public StatisticsSnapshot snapshot() {
        return published;
    }

    /** Back to zero and not running, as if just made; publishes the empty snapshot. */
    public void reset() {
        running = false;
        batch = false;
        steps = 0;
        droppedSteps = 0;
        stepsSincePublish = 0;
        endedWallNanos = 0;
        endedSimNanos = 0;
        segmentStartWall = 0;
        segmentStartSim = 0;
        lastWall = 0;
        lastSim = 0;
        windowNewest = -1;
        windowSize = 0;
        achievedWindow = 0;
        cycle.reset();
        padding.reset();
        achieved.reset();
        achievable.reset();
        published = StatisticsSnapshot.EMPTY;
    }

    private void endSegment(long wallNanos, long simNanos) {
        if (!batch) {
            endedWallNanos += wallNanos - segmentStartWall;
            endedSimNanos += simNanos - segmentStartSim;
        }
        lastWall = wallNanos;
        lastSim = simNanos;
        segmentStartWall = wallNanos;
        segmentStartSim = simNanos;
    }

    private void pushSample(long wallNanos, long simNanos) {
        windowNewest = (windowNewest + 1) % windowWall.length;
        windowWall[windowNewest] = wallNanos;
        windowSim[windowNewest] = simNanos;
        windowSize = Math.min(windowSize + 1, windowWall.length);
    }
}
