package io.orrery.runner.pacing;

import java.util.concurrent.locks.LockSupport;

/** Puts the calling thread to sleep; injectable so tests advance a fake clock instead of sleeping. */
@FunctionalInterface
public interface Sleeper {

    /**
     * Parks the thread for about {@code nanos} (it may wake early or late; callers re-check their clock).
     * Throws, with the interrupt flag cleared, if the thread is interrupted.
     */
    Sleeper SYSTEM = nanos -> {
        if (nanos > 0) {
            LockSupport.parkNanos(nanos);
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    };

    /** Sleeps for about {@code nanos}; does nothing for {@code nanos <= 0} unless interrupted. */
    void sleepNanos(long nanos) throws InterruptedException;
}
