package io.orrery.runner.pacing;

import java.util.ArrayList;
import java.util.List;

/** A clock that moves only when told to, and a sleeper that moves it instead of sleeping (the runner's tests use it too). */
public final class FakeClock implements MonotonicClock, Sleeper {

    private long now;
    /** Added to the clock on every reading, to let spin loops end. */
    private final long advancePerReading;

    final List<Long> sleeps = new ArrayList<>();
    /** The clock's time as each sleep returned. */
    final List<Long> wakeUps = new ArrayList<>();

    public FakeClock(long start) {
        this(start, 0);
    }

    FakeClock(long start, long advancePerReading) {
        this.now = start;
        this.advancePerReading = advancePerReading;
    }

    @Override
    public long nanoTime() {
        long reading = now;
        now += advancePerReading;
        return reading;
    }

    @Override
    public void sleepNanos(long nanos) {
        sleeps.add(nanos);
        if (nanos > 0) {
            now += nanos;
        }
        wakeUps.add(now);
    }

    public void advance(long nanos) {
        now += nanos;
    }

    long now() {
        return now;
    }

    long totalSlept() {
        return sleeps.stream().mapToLong(Long::longValue).sum();
    }
}
