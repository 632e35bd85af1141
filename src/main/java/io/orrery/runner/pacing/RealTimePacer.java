package io.orrery.runner.pacing;

import java.util.Objects;

/**
 * Paces fixed steps against the wall clock with an absolute schedule, as PyBulletFleet does: the target sim
 * time is a function of the time elapsed since an anchor, so sleeping a little too long on one frame is made
 * up on the next instead of accumulating as drift.
 *
 * <pre>
 *   target(now) = anchorSim + (now - anchorWall) * realTimeFactor      (monotonic clock, nanoseconds)
 * </pre>
 *
 * A step is due when its end, {@code sim + step}, is not later than the target. The runner asks
 * {@link #stepsDue} how many steps to take now, takes them, and otherwise waits with {@link #waitForNextStep}.
 *
 * <p>Catch-up rule: a backlog (a JIT or GC pause, a slow step) is kept and made up at most
 * {@code maxStepsPerFrame} steps per frame, so the sim returns to the schedule instead of losing the time for
 * good. Only steps that fell due {@code maxCatchUpNanos} of wall time ago or earlier are dropped: the schedule
 * moves on by whole steps, the newest due step is always kept, and the count is reported through
 * {@link #droppedSteps()} and {@link #takeDroppedSteps()}. A sim slower than real time thus runs flat out with a
 * backlog of at most the horizon.
 *
 * <p>Waiting parks the thread until {@code spinThresholdNanos} before the deadline and spins on the clock only
 * for that last stretch: parking overshoots by about 65 µs on Linux (50 µs of timer slack plus the wake-up), so
 * spinning for the whole last millisecond would cost a core at a 1 ms step.
 *
 * <p>Every change of pace re-anchors at {@code (now, current sim time)}: {@link #resume}, {@link #start} and
 * {@link #setRealTimeFactor}, so sim time continues from where it was with no jump and no burst; a backlog
 * at that moment is given up with the old schedule, not counted as dropped.
 *
 * <p>A real-time factor of 0 means as fast as possible: one step is always due and nothing ever sleeps.
 *
 * <p>Not thread-safe: used from the runner thread only.
 */
public final class RealTimePacer {

    /** Steps a frame may take at most when behind. */
    public static final int DEFAULT_MAX_STEPS_PER_FRAME = 10;

    /** How far behind its schedule the sim may fall and still make it up: 1 s of wall time. */
    public static final long DEFAULT_MAX_CATCH_UP_NANOS = 1_000_000_000;

    /**
     * How close to a deadline a wait stops parking and spins. Measured on Linux (2 cores, JDK 17): a park
     * overshoots by 62-67 µs at the median and 71 µs at p90, so parking until 80 µs before the deadline wakes
     * before it nine times out of ten and leaves about 15 µs to spin.
     */
    public static final long DEFAULT_SPIN_THRESHOLD_NANOS = 80_000;

    private final MonotonicClock clock;
    private final Sleeper sleeper;
    private final int maxStepsPerFrame;
    private final long maxCatchUpNanos;
    private final long spinThresholdNanos;
    private final long stepNanos;
    private double realTimeFactor;

    private boolean started;
    private boolean paused;
    private long anchorWallNanos;
    private long anchorSimNanos;
    private long droppedSteps;
    private long droppedStepsTaken;

    /** A pacer with the default frame cap, catch-up horizon and spin threshold. */
    public RealTimePacer(MonotonicClock clock, Sleeper sleeper, long stepNanos, double realTimeFactor) {
        this(
                clock,
                sleeper,
                stepNanos,
                realTimeFactor,
                DEFAULT_MAX_STEPS_PER_FRAME,
                DEFAULT_MAX_CATCH_UP_NANOS,
                DEFAULT_SPIN_THRESHOLD_NANOS);
    }

    /** A pacer with the default catch-up horizon. */
    public RealTimePacer(
            MonotonicClock clock,
            Sleeper sleeper,
            long stepNanos,
            double realTimeFactor,
            int maxStepsPerFrame,
            long spinThresholdNanos) {
        this(
                clock,
                sleeper,
                stepNanos,
                realTimeFactor,
                maxStepsPerFrame,
                DEFAULT_MAX_CATCH_UP_NANOS,
                spinThresholdNanos);
    }

    /**
     * A pacer; throws {@link IllegalArgumentException} naming the setting when one is out of range.
     *
     * @param stepNanos the fixed step, > 0
     * @param realTimeFactor sim seconds per wall second, finite and >= 0; 0 runs as fast as possible
     * @param maxStepsPerFrame steps a frame may take at most, >= 1
     * @param maxCatchUpNanos how late (in wall time) a step may fall and still be taken, > 0
     * @param spinThresholdNanos how long before a deadline to stop parking and spin, >= 0
     */
    public RealTimePacer(
            MonotonicClock clock,
            Sleeper sleeper,
            long stepNanos,
            double realTimeFactor,
            int maxStepsPerFrame,
            long maxCatchUpNanos,
            long spinThresholdNanos) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.stepNanos = requireStep(stepNanos);
        this.realTimeFactor = requireFactor(realTimeFactor);
        if (maxStepsPerFrame < 1) {
            throw new IllegalArgumentException("maxStepsPerFrame must be >= 1, got " + maxStepsPerFrame);
        }
        if (maxCatchUpNanos <= 0) {
            throw new IllegalArgumentException("maxCatchUpNanos must be > 0, got " + maxCatchUpNanos);
        }
        if (spinThresholdNanos < 0) {
            throw new IllegalArgumentException("spinThresholdNanos must be >= 0, got " + spinThresholdNanos);
        }
        this.maxStepsPerFrame = maxStepsPerFrame;
        this.maxCatchUpNanos = maxCatchUpNanos;
        this.spinThresholdNanos = spinThresholdNanos;
    }

    /** Starts pacing from {@code simTimeNanos}, now. Calling it again restarts the schedule. */
    public void start(long simTimeNanos) {
        started = true;
        paused = false;
        anchor(simTimeNanos);
    }

    /** Stops pacing: no step is due until {@link #resume}. */
    public void pause() {
        requireStarted();
        paused = true;
    }

    /** Continues pacing from {@code simTimeNanos}, now, as if no wall time had passed while paused. */
    public void resume(long simTimeNanos) {
        start(simTimeNanos);
    }

    /**
     * How many steps to take now, from 0 to {@code maxStepsPerFrame}: 0 while paused, always 1 at factor 0.
     * First drops the steps that are {@code maxCatchUpNanos} late or more (see the class comment).
     */
    public int stepsDue(long simTimeNanos) {
        requireStarted();
        if (paused) {
            return 0;
        }
        if (realTimeFactor == 0) {
            return 1;
        }
        long elapsed = clock.nanoTime() - anchorWallNanos;
        long due = (targetAfter(elapsed) - simTimeNanos) / stepNanos;
        if (due < 1) {
            return 0;
        }
        if (elapsed > maxCatchUpNanos) {
            // The steps already due maxCatchUpNanos ago. The schedule moves on by whole steps, so the deadlines
            // keep their phase.
            long stale = Math.min((targetAfter(elapsed - maxCatchUpNanos) - simTimeNanos) / stepNanos, due - 1);
            if (stale > 0) {
                droppedSteps += stale;
                anchorSimNanos -= stale * stepNanos;
                due -= stale;
            }
        }
        return (int) Math.min(due, maxStepsPerFrame);
    }

    /**
     * Waits until the next step is due: parks until {@code spinThresholdNanos} before the deadline, then spins
     * on the clock. Returns at once while paused, at factor 0, or when a step is already due. Returns the wall
     * time waited, in nanoseconds.
     */
    public long waitForNextStep(long simTimeNanos) throws InterruptedException {
        requireStarted();
        long begin = clock.nanoTime();
        if (paused || realTimeFactor == 0) {
            return 0;
        }
        long nextEnd = simTimeNanos + stepNanos;
        long now = begin;
        while (targetSimNanos(now) < nextEnd) {
            // The deadline is exact up to rounding; the loop condition is the one stepsDue uses, so the two
            // always agree, and a deadline rounded down to now is pushed one nanosecond on.
            long deadline = Math.max(deadlineFor(nextEnd), now + 1);
            long remaining = deadline - now;
            if (remaining > spinThresholdNanos) {
                sleeper.sleepNanos(remaining - spinThresholdNanos); // may wake early or late: the loop re-checks
            } else {
                Thread.onSpinWait();
            }
            now = clock.nanoTime();
        }
        return now - begin;
    }

    /** Changes the real-time factor from now on, re-anchored at {@code simTimeNanos} so sim time does not jump. */
    public void setRealTimeFactor(double realTimeFactor, long simTimeNanos) {
        this.realTimeFactor = requireFactor(realTimeFactor);
        if (started && !paused) {
            anchor(simTimeNanos);
        }
    }

    /** The sim time the schedule asks for now; {@code Long.MAX_VALUE} at factor 0. */
    public long targetSimNanos() {
        requireStarted();
        return realTimeFactor == 0 ? Long.MAX_VALUE : targetSimNanos(clock.nanoTime());
    }

    /** Sim seconds per wall second; 0 means as fast as possible. */
    public double realTimeFactor() {
        return realTimeFactor;
    }

    /** The fixed step. */
    public long stepNanos() {
        return stepNanos;
    }

    /** Steps frames may take at most. */
    public int maxStepsPerFrame() {
        return maxStepsPerFrame;
    }

    /** True between {@link #pause} and {@link #resume}. */
    public boolean isPaused() {
        return paused;
    }

    /** How late (in wall time) a step may fall and still be taken. */
    public long maxCatchUpNanos() {
        return maxCatchUpNanos;
    }

    /** Steps that fell due but were dropped by the catch-up rule since this pacer was made. */
    public long droppedSteps() {
        return droppedSteps;
    }

    /**
     * Steps dropped since the last call (since the pacer was made, on the first): for the runner to count into
     * its statistics and to log once when a run of drops begins.
     */
    public long takeDroppedSteps() {
        long taken = droppedSteps - droppedStepsTaken;
        droppedStepsTaken = droppedSteps;
        return taken;
    }

    private void anchor(long simTimeNanos) {
        anchorWallNanos = clock.nanoTime();
        anchorSimNanos = simTimeNanos;
    }

    private long targetSimNanos(long wallNanos) {
        return targetAfter(wallNanos - anchorWallNanos);
    }

    /** The sim time the schedule asks for {@code elapsedNanos} of wall time after the anchor. */
    private long targetAfter(long elapsedNanos) {
        return anchorSimNanos + (long) Math.floor(elapsedNanos * realTimeFactor);
    }

    private long deadlineFor(long simNanos) {
        double wait = Math.ceil((simNanos - anchorSimNanos) / realTimeFactor);
        // A tiny factor can put the deadline beyond the clock's range: saturate rather than wrap.
        return wait >= (double) Long.MAX_VALUE - anchorWallNanos ? Long.MAX_VALUE : anchorWallNanos + (long) wait;
    }

    private void requireStarted() {
        if (!started) {
            throw new IllegalStateException("the pacer has not been started; call start(simTimeNanos) first");
        }
    }

    private static long requireStep(long stepNanos) {
        if (stepNanos <= 0) {
            throw new IllegalArgumentException("stepNanos must be > 0, got " + stepNanos);
        }
        return stepNanos;
    }

    private static double requireFactor(double factor) {
        if (!Double.isFinite(factor) || factor < 0) {
            throw new IllegalArgumentException("realTimeFactor must be a finite number >= 0, got " + factor);
        }
        return factor;
    }
}
