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
}
