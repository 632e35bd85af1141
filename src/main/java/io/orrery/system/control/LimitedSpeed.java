package io.orrery.system.control;

/**
 * One commanded speed run through a {@link SpeedLimiter} step after step: it remembers the last two speeds the
 * limiter needs for acceleration and jerk, so each drive does not keep (and reset) that history by hand.
 */
public final class LimitedSpeed {

    private final SpeedLimiter limiter;
    private double last;
    private double beforeLast;

    public LimitedSpeed(SpeedLimiter limiter) {
        this.limiter = limiter;
    }

    /** {@code wanted} limited against the last two speeds over a step of {@code dt} s; nothing is remembered. */
    public double limit(double wanted, double dt) {
        return limiter.limit(wanted, last, beforeLast, dt);
    }

    /** Remembers {@code speed} as this step's, for the next {@link #limit}. */
    public void record(double speed) {
        beforeLast = last;
        last = speed;
    }

    /** Forgets the history, as at load. */
    public void reset() {
        last = 0;
        beforeLast = 0;
    }
}
