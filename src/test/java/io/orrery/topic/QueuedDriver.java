package io.orrery.topic;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/** A bus driver for tests: the thread that made it drives; hand-offs wait in a queue until {@link #drain()}. */
final class QueuedDriver implements BusDriver {

    private final Thread driving = Thread.currentThread();
    private final ConcurrentLinkedQueue<Runnable> queued = new ConcurrentLinkedQueue<>();

    @Override
    public boolean onDrivingThread() {
        return Thread.currentThread() == driving;
    }

    @Override
    public CompletableFuture<Void> later(Runnable delivery) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        queued.add(() -> {
            delivery.run();
            done.complete(null);
        });
        return done;
    }

    /** The driving thread's safe point: runs what was handed off, in order. */
    void drain() {
        Runnable r;
        while ((r = queued.poll()) != null) {
            r.run();
        }
    }

    int pending() {
        return queued.size();
    }
}
