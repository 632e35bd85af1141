package io.orrery.topic;

import java.util.concurrent.CompletableFuture;

/**
 * The thread that drives a {@link TopicBus} (the runner's): subscribers are called on it, and a message
 * published on any other thread is handed to it to deliver at its next safe point (the runner's StepEnd).
 */
public interface BusDriver {

    /** True when the calling thread is the driving thread. */
    boolean onDrivingThread();

    /**
     * Runs {@code delivery} on the driving thread later, in the order hand-offs were made; the future completes
     * once it has run, or exceptionally when the driver refused it (the run has ended).
     */
    CompletableFuture<Void> later(Runnable delivery);

    /**
     * {@link #later(Runnable)} for a message of {@code bytes} (its protobuf size), which a driver may refuse when too
     * many bytes wait already (the future fails then).
     */
    default CompletableFuture<Void> later(Runnable delivery, long bytes) {
        return later(delivery);
    }

    /**
     * A driver for a bus used from one thread only (a tool, a test): every thread counts as the driving thread and
     * a hand-off is delivered at once.
     */
    static BusDriver callingThread() {
        return new BusDriver() {
            @Override
            public boolean onDrivingThread() {
                return true;
            }

            @Override
            public CompletableFuture<Void> later(Runnable delivery) {
                delivery.run();
                return CompletableFuture.completedFuture(null);
            }
        };
    }
}
