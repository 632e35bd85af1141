package io.orrery.control;

import io.orrery.physics.PhysicsEngine;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * N copies of one world under one task, built from one parsed world (shared, read-only), world {@code i} seeded
 * {@code seed + i}. A batch of them steps in parallel on a pool of {@code threads} (the caller's thread is one): each
 * world on one thread at a time, writing only its own rows, so a world's results are the same bits whatever N, the
 * pool's size or the thread that stepped it. A connection holds the worlds it steps until it lets go.
 */
public final class WorldBatch implements AutoCloseable {

    /** The most worlds one server may host. */
    public static final int MAX_WORLDS = 65_536;

    private final Task task;
    private final List<TaskWorld> worlds;
    private final String[] holders;
    private final int threads;
    private final ExecutorService pool;
    private final double stepSeconds;

    public WorldBatch(WorldSpec spec, PhysicsEngine engine, Task task, int count, long seed, int threads) {
        if (count < 1 || count > MAX_WORLDS) {
            throw new IllegalArgumentException(
                    "orrery.worlds.count must be from 1 to " + MAX_WORLDS + ", got " + count);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("orrery.worlds.threads must be at least 1, got " + threads);
        }
        this.task = task;
        this.threads = threads;
        this.holders = new String[count];
        double dt = spec.physics().maxStepSize();
        this.stepSeconds = dt;
        List<TaskWorld> built = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                TaskWorld world = new TaskWorld(engine.build(spec), task, dt, seed + i);
                built.add(world);
                world.reset(null);
            }
        } catch (RuntimeException e) {
            built.forEach(TaskWorld::close);
            throw e;
        }
        this.worlds = List.copyOf(built);
        AtomicInteger n = new AtomicInteger();
        this.pool = threads == 1
                ? null
                : Executors.newFixedThreadPool(threads - 1, r -> {
                    Thread t = new Thread(r, "orrery-worlds-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    public Task task() {
        return task;
    }

    /** One physics step, seconds (the world's {@code <max_step_size>}). */
    public double stepSeconds() {
        return stepSeconds;
    }

    public int count() {
        return worlds.size();
    }

    public int threads() {
        return threads;
    }

    /** World {@code i}'s id: its index. */
    public static String id(int i) {
        return Integer.toString(i);
    }

    /** Who holds world {@code i}, or null. */
    public synchronized String holder(int i) {
        return holders[i];
    }

    /** Holds {@code count} free worlds (the lowest-numbered) for {@code holder}; 409-style refusal if too few are free. */
    public synchronized int[] claim(String holder, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
        int[] claimed = new int[count];
        int found = 0;
        for (int i = 0; i < holders.length && found < count; i++) {
            if (holders[i] == null) {
                claimed[found++] = i;
            }
        }
        if (found < count) {
            throw new WorldsHeldException("asked for " + count + " worlds, " + found + " of the " + holders.length
                    + " are free (the others are held by other connections)");
        }
        for (int i : claimed) {
            holders[i] = holder;
        }
        return claimed;
    }

    /** Holds the worlds named by id for {@code holder}, all or none. */
    public synchronized int[] claim(String holder, List<String> ids) {
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("worlds must name at least one world");
        }
        int[] claimed = new int[ids.size()];
        for (int k = 0; k < claimed.length; k++) {
            int i = index(ids.get(k));
            if (holders[i] != null) {
                throw new WorldsHeldException("world " + ids.get(k) + " is held by " + holders[i]);
            }
            for (int j = 0; j < k; j++) {
                if (claimed[j] == i) {
                    throw new IllegalArgumentException("world " + ids.get(k) + " is named twice");
                }
            }
            claimed[k] = i;
        }
        for (int i : claimed) {
            holders[i] = holder;
        }
        return claimed;
    }

    /** Lets go of every world {@code holder} holds. */
    public synchronized void release(String holder) {
        for (int i = 0; i < holders.length; i++) {
            if (holder.equals(holders[i])) {
                holders[i] = null;
            }
        }
    }

    /**
     * Resets the worlds {@code mask} marks (all if null), each with its seed ({@code seeds} may be null, an entry null
     * continues that world's generator); {@code out} gets every world's latest observation.
     */
    public void reset(int[] ids, Long[] seeds, boolean[] mask, BatchResult out) {
        int n = ids.length;
        if (seeds != null && seeds.length != n || mask != null && mask.length != n) {
            throw new IllegalArgumentException("seeds and mask must have one entry per held world (" + n + ")");
        }
        out.clear();
        parallel(n, k -> {
            TaskWorld w = worlds.get(ids[k]);
            if (mask == null || mask[k]) {
                w.reset(seeds == null ? null : seeds[k]);
            }
            System.arraycopy(w.observation(), 0, out.observations, k * out.width, out.width);
        });
    }

    /**
     * Steps each world with its row of {@code actions} ({@code ids.length × task.actionWidth()}), resetting ended
     * worlds as {@code mode} says; {@code out} gets the observations, rewards, flags and final observations.
     *
     * @throws WorldsHeldException in {@link Autoreset#DISABLED} mode when a world ended and was not reset since
     */
    public void step(int[] ids, float[] actions, Autoreset mode, BatchResult out) {
        int n = ids.length;
        int width = task.actionWidth();
        if (actions.length != n * width) {
            throw new IllegalArgumentException(
                    "expected " + n + " × " + width + " actions, got " + actions.length + " floats");
        }
        if (mode == Autoreset.DISABLED) {
            List<String> ended = new ArrayList<>();
            for (int id : ids) {
                if (worlds.get(id).ended()) {
                    ended.add(id(id));
                }
            }
            if (!ended.isEmpty()) {
                throw new WorldsHeldException("worlds " + ended + " ended and autoreset is disabled: reset them"
                        + " (a reset with a mask marking them) before stepping");
            }
        }
        out.clear();
        parallel(n, k -> {
            TaskWorld w = worlds.get(ids[k]);
            int[] outcome = new int[1];
            if (mode == Autoreset.NEXT_STEP && w.ended()) {
                w.reset(null);
            } else {
                out.rewards[k] = w.step(actions, k * width, outcome);
                out.terminated[k] = (outcome[0] & 1) != 0;
                out.truncated[k] = (outcome[0] & 2) != 0;
                if (mode == Autoreset.SAME_STEP && outcome[0] != 0) {
                    System.arraycopy(w.observation(), 0, out.finalObservations, k * out.width, out.width);
                    out.finals[k] = true;
                    w.reset(null);
                }
            }
            System.arraycopy(w.observation(), 0, out.observations, k * out.width, out.width);
        });
    }

    /** A result sized for {@code n} worlds of this task. */
    public BatchResult result(int n) {
        return new BatchResult(n, task.observationWidth());
    }

    /** World {@code id}'s index; throws for an id that is not one. */
    public int index(String id) {
        try {
            int i = Integer.parseInt(id);
            if (i >= 0 && i < worlds.size()) {
                return i;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException("no world '" + id + "': the worlds are 0 to " + (worlds.size() - 1));
    }

    /** World i's physics, for tests and health: only while nobody steps it. */
    io.orrery.physics.PhysicsWorld physics(int i) {
        return worlds.get(i).physics();
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
        worlds.forEach(TaskWorld::close);
    }

    /** Runs body(0..n-1) split in contiguous chunks over the pool and the caller; rethrows the first failure. */
    private void parallel(int n, IntConsumer body) {
        int chunks = pool == null ? 1 : Math.min(threads, n);
        if (chunks <= 1) {
            for (int k = 0; k < n; k++) {
                body.accept(k);
            }
            return;
        }
        List<Future<?>> futures = new ArrayList<>(chunks - 1);
        for (int c = 1; c < chunks; c++) {
            int from = n * c / chunks;
            int to = n * (c + 1) / chunks;
            futures.add(pool.submit(() -> {
                for (int k = from; k < to; k++) {
                    body.accept(k);
                }
            }));
        }
        RuntimeException failed = null;
        try {
            for (int k = 0; k < n / chunks; k++) {
                body.accept(k);
            }
        } catch (RuntimeException e) {
            failed = e;
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (failed == null) {
                    failed = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed = new IllegalStateException("interrupted while the worlds stepped", e);
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    @Override
    public String toString() {
        return "WorldBatch[" + task.name() + " × " + worlds.size() + ", " + threads + " threads, held "
                + Arrays.stream(holders).filter(h -> h != null).count() + "]";
    }
}
