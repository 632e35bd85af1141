package io.orrery.runner;

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
 * <p>Catch-up rule: when more than {@code maxStepsPerFrame} steps are due (the machine stalled, or a step is
 * slower than real time), {@link #stepsDue} returns {@code maxStepsPerFrame} and moves the anchor to
 * {@code (now, sim + maxStepsPerFrame * step)}: those steps count as on time and the rest of the backlog is
 * dropped (see {@link #droppedSteps()}). The sim then runs as fast as it can, but never bursts to catch up.
 *
 * <p>Every change of pace re-anchors at {@code (now, current sim time)}: {@link #resume}, {@link #start} and
 * {@link #setRealTimeFactor}, so sim time continues from where it was with no jump and no burst.
 *
 * <p>A real-time factor of 0 means as fast as possible: one step is always due and nothing ever sleeps.
 *
 * <p>Not thread-safe: used from the runner thread only.
 */
public final class RealTimePacer {

    /** Steps a frame may take at most when behind. */
    public static final int DEFAULT_MAX_STEPS_PER_FRAME = 10;

    /** How close to a deadline a wait stops sleeping and spins, because sleeps overshoot by up to ~1 ms. */
    public static final long DEFAULT_SPIN_THRESHOLD_NANOS = 1_000_000;

    private final MonotonicClock clock;
    private final Sleeper sleeper;
    private final int maxStepsPerFrame;
    private final long spinThresholdNanos;
    private long stepNanos;
    private double realTimeFactor;

    private boolean started;
    private boolean paused;
    private long anchorWallNanos;
    private long anchorSimNanos;
    private long droppedSteps;

    /** A pacer with the default frame cap and spin threshold. */
    public RealTimePacer(MonotonicClock clock, Sleeper sleeper, long stepNanos, double realTimeFactor) {
        this(clock, sleeper, stepNanos, realTimeFactor, DEFAULT_MAX_STEPS_PER_FRAME, DEFAULT_SPIN_THRESHOLD_NANOS);
    }

    /**
     * A pacer; throws {@link IllegalArgumentException} naming the setting when one is out of range.
     *
     * @param stepNanos the fixed step, > 0
     * @param realTimeFactor sim seconds per wall second, finite and >= 0; 0 runs as fast as possible
     * @param maxStepsPerFrame steps a frame may take at most, >= 1
     * @param spinThresholdNanos how long before a deadline to stop sleeping and spin, >= 0
     */
    public RealTimePacer(MonotonicClock clock, Sleeper sleeper, long stepNanos, double realTimeFactor,
            int maxStepsPerFrame, long spinThresholdNanos) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.stepNanos = requireStep(stepNanos);
        this.realTimeFactor = requireFactor(realTimeFactor);
        if (maxStepsPerFrame < 1) {
            throw new IllegalArgumentException("maxStepsPerFrame must be >= 1, got " + maxStepsPerFrame);
        }
        if (spinThresholdNanos < 0) {
            throw new IllegalArgumentException("spinThresholdNanos must be >= 0, got " + spinThresholdNanos);
        }
        this.maxStepsPerFrame = maxStepsPerFrame;
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
     * Drops the backlog beyond the cap (see the class comment).
     */
    public int stepsDue(long simTimeNanos) {
        requireStarted();
        if (paused) {
            return 0;
        }
        if (realTimeFactor == 0) {
            return 1;
        }
        long now = clock.nanoTime();
        long ahead = targetSimNanos(now) - simTimeNanos;
        if (ahead < stepNanos) {
            return 0;
        }
        long due = ahead / stepNanos;
        if (due <= maxStepsPerFrame) {
            return (int) due;
        }
        droppedSteps += due - maxStepsPerFrame;
        anchorWallNanos = now;
        anchorSimNanos = simTimeNanos + maxStepsPerFrame * stepNanos;
        return maxStepsPerFrame;
    }

    /**
     * Waits until the next step is due: sleeps until {@code spinThresholdNanos} before the deadline, then spins
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
                sleeper.sleepNanos(remaining - spinThresholdNanos);
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

    /** Changes the step size; the schedule is in sim time, so it needs no re-anchoring. */
    public void setStepNanos(long stepNanos) {
        this.stepNanos = requireStep(stepNanos);
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

    /** Steps that fell due but were dropped by the catch-up rule since this pacer was made. */
    public long droppedSteps() {
        return droppedSteps;
    }

    private void anchor(long simTimeNanos) {
        anchorWallNanos = clock.nanoTime();
        anchorSimNanos = simTimeNanos;
    }

    private long targetSimNanos(long wallNanos) {
        return anchorSimNanos + (long) Math.floor((wallNanos - anchorWallNanos) * realTimeFactor);
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
