package io.orrery.topic.msgs;

/**
 * gz.msgs.Time: a time as whole seconds and nanoseconds, as a message header's stamp carries sim time.
 *
 * @param sec seconds
 * @param nsec nanoseconds, 0 to 999 999 999 for a time built by {@link #ofNanos}
 */
public record Time(long sec, int nsec) {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Time zero. */
    public static final Time ZERO = new Time(0, 0);

    /** The time {@code nanos} nanoseconds after zero (sim time is counted in nanoseconds). */
    public static Time ofNanos(long nanos) {
        return new Time(Math.floorDiv(nanos, NANOS_PER_SECOND), (int) Math.floorMod(nanos, NANOS_PER_SECOND));
    }

    /** This time in nanoseconds. */
    public long toNanos() {
        return Math.addExact(Math.multiplyExact(sec, NANOS_PER_SECOND), nsec);
    }
}
