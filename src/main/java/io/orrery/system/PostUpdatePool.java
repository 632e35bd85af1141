package io.orrery.system;

import io.orrery.physics.WorldView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed set of daemon threads that run one round of PostUpdate systems at a time while the caller waits.
 * Threads claim systems by index, so a round allocates nothing. Every thread checks in at the end of every
 * round; the next round starts only after that, so no thread can claim work with a stale round's arguments.
 *
 * <p>What a system hands back to the caller's thread while it runs ({@link #defer}: a message to deliver) is kept
 * by system and run by the caller after the round, system by system in run order: as the serial mode would have run
 * it, whichever thread finished first.
 */
final class PostUpdatePool implements AutoCloseable {

    private final Thread[] workers;
    private final Object lock = new Object();
    private final AtomicInteger nextIndex = new AtomicInteger();

    // Guarded by lock; the round's arguments are handed to the workers under it.
    private long round;
    private int workersInRound;
    private boolean closed;
    private PostUpdate[] systems;
    private UpdateInfo info;
    private WorldView view;
    private Throwable[] failures = new Throwable[0];
    private long[] durations;

    /** The index of the system the calling worker runs now; null off the workers and between systems. */
    private final ThreadLocal<Integer> running = new ThreadLocal<>();
    /**
     * By system index, what it deferred this round: each list written only by the worker running that system, read
     * by the caller once the round is over (the lock orders the two).
     */
    private List<List<Runnable>> deferred = new ArrayList<>();

    PostUpdatePool(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            Thread worker = new Thread(this::work, "orrery-postupdate-" + (i + 1));
            worker.setDaemon(true);
            workers[i] = worker;
        }
        for (Thread worker : workers) {
            worker.start();
        }
    }

    int size() {
        return workers.length;
    }

    /**
     * Runs every system once and returns when all have finished, with each one's time in {@code durations} (by
     * index, as long as {@code systems}). Returns what each threw, by index, in an array owned by the pool and
     * valid until the next round; null entries mean success.
     */
    Throwable[] runRound(PostUpdate[] systems, UpdateInfo info, WorldView view, long[] durations) {
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("the PostUpdate pool is closed");
            }
            if (failures.length < systems.length) {
                failures = new Throwable[systems.length];
            } else {
                Arrays.fill(failures, null);
            }
            while (deferred.size() < systems.length) {
                deferred.add(new ArrayList<>());
            }
            this.systems = systems;
            this.info = info;
            this.view = view;
            this.durations = durations;
            nextIndex.set(0);
            workersInRound = workers.length;
            round++;
            lock.notifyAll();
            // The systems are reading the world: returning before they finish would let the caller change it
            // under them, so the wait ignores interrupts and restores the flag afterwards.
            boolean interrupted = false;
            while (workersInRound > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            this.systems = null;
            this.info = null;
            this.view = null;
            this.durations = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return failures;
        }
    }

    private void work() {
        long seenRound = 0;
        while (true) {
            PostUpdate[] roundSystems;
            UpdateInfo roundInfo;
            WorldView roundView;
            Throwable[] roundFailures;
            long[] roundDurations;
            synchronized (lock) {
                while (round == seenRound) {
                    if (closed) {
                        return;
                    }
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        // Only close() ends a worker; it is checked on the next pass.
                    }
                }
                seenRound = round;
                roundSystems = systems;
                roundInfo = info;
                roundView = view;
                roundFailures = failures;
                roundDurations = durations;
            }
            int index;
            while ((index = nextIndex.getAndIncrement()) < roundSystems.length) {
                running.set(index);
                // In parallel each system is timed on its own thread: two clock reads, not one.
                long start = System.nanoTime();
                try {
                    roundSystems[index].postUpdate(roundInfo, roundView);
                } catch (Throwable t) {
                    roundFailures[index] = t;
                } finally {
                    running.remove();
                }
                roundDurations[index] = System.nanoTime() - start;
            }
            synchronized (lock) {
                if (--workersInRound == 0) {
                    lock.notifyAll();
                }
            }
        }
    }

    /** True when the calling thread is one of the pool's, running a system of the round under way. */
    boolean isRunningSystem() {
        return running.get() != null;
    }

    /**
     * On a worker running a system: keeps {@code action} for the caller's thread, to run after the round in the
     * serial order; returns its future (completed once it has run), or null off the workers.
     */
    CompletableFuture<Void> defer(Runnable action) {
        Integer index = running.get();
        if (index == null) {
            return null;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        deferred.get(index).add(() -> {
            try {
                action.run();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                throw e;
            }
        });
        return done;
    }

    /**
     * The caller's thread, after {@link #runRound}: runs what the round's systems deferred, system by system in run
     * order and each in the order it deferred, then forgets them. All run even if one throws; the first throw is
     * rethrown at the end.
     */
    void runDeferred() {
        RuntimeException first = null;
        for (List<Runnable> actions : deferred) {
            for (Runnable action : actions) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
            actions.clear();
        }
        if (first != null) {
            throw first;
        }
    }

    /** Lets the threads end once the current round, if any, is done. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
    }
}
