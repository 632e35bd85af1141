package io.orrery.runner.pacing;

/** A clock that never goes backwards, in nanoseconds from an arbitrary origin; injectable so tests control time. */
@FunctionalInterface
public interface MonotonicClock {

    /** The JVM's monotonic clock, {@link System#nanoTime()}. */
    MonotonicClock SYSTEM = System::nanoTime;

    /** The current time; only differences between two readings mean anything. */
    long nanoTime();
}
