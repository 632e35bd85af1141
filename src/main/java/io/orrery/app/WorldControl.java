package io.orrery.app;

import io.orrery.runner.port.SimulationStatus;
import io.orrery.trigger.TriggerAction;
import java.util.concurrent.CompletableFuture;

/**
 * World control, for every surface: pause, resume, stop, reset, a step batch, run-to and the real-time factor of a
 * world, each answered when the runner has applied it. Refusals are the runner's ({@code CommandRefusedException},
 * {@code ControlHeldException}); a bad value is an IllegalArgumentException naming it.
 */
public final class WorldControl {

    /** The most steps one step request over HTTP or the control socket may ask for. */
    public static final long MAX_STEPS = 1_000_000;

    private final Worlds worlds;

    public WorldControl(Worlds worlds) {
        this.worlds = worlds;
    }

    public CompletableFuture<SimulationStatus> pause(WorldId world) {
        return worlds.get(world).control().pause();
    }

    public CompletableFuture<SimulationStatus> resume(WorldId world) {
        return worlds.get(world).control().resume();
    }

    public CompletableFuture<SimulationStatus> stop(WorldId world) {
        return worlds.get(world).control().stop();
    }

    public CompletableFuture<SimulationStatus> reset(WorldId world) {
        return worlds.get(world).control().reset();
    }

    /**
     * Pauses or resumes as {@code paused} says, doing nothing when the world is so already (gz sim sets the pause
     * state from every request); completes with null when nothing was to do.
     */
    public CompletableFuture<SimulationStatus> setPaused(WorldId world, boolean paused) {
        World w = worlds.get(world);
        boolean now = w.reads().status().paused();
        if (paused && !now) {
            return w.control().pause();
        }
        if (!paused && now) {
            return w.control().resume();
        }
        return CompletableFuture.completedFuture(null);
    }

    /** While paused: {@code count} steps as one batch, answered once they have run. */
    public CompletableFuture<SimulationStatus> step(WorldId world, long count) {
        return worlds.get(world).control().step(count);
    }

    /** Runs until sim time reaches {@code targetNanos}, then pauses; completes once there. */
    public CompletableFuture<SimulationStatus> runTo(WorldId world, long targetNanos) {
        return worlds.get(world).control().runTo(targetNanos);
    }

    /**
     * A new target real-time factor, with no jump.
     *
     * @throws IllegalArgumentException unless 0 (as fast as possible) or a finite number at least
     *     {@link TriggerAction#MIN_POSITIVE_REAL_TIME_FACTOR}
     */
    public CompletableFuture<SimulationStatus> setRealTimeFactor(WorldId world, Double factor) {
        if (factor == null
                || !Double.isFinite(factor)
                || factor < 0
                || (factor > 0 && factor < TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR)) {
            throw new IllegalArgumentException("real-time factor: expected {\"value\": <0 (as fast as possible) or a"
                    + " finite number at least " + TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR + ">}, got "
                    + (factor == null ? "no value" : factor));
        }
        return worlds.get(world).control().setRealTimeFactor(factor);
    }

    /**
     * Checks the size of a step a request asks for.
     *
     * @throws IllegalArgumentException for a count outside 1 to {@value #MAX_STEPS}
     */
    public static void checkCount(long count) {
        if (count < 1 || count > MAX_STEPS) {
            throw new IllegalArgumentException("count must be between 1 and " + MAX_STEPS + ", got " + count);
        }
    }
}
