package io.orrery.app;

import com.gz.msgs.WorldControlProtos.WorldControl;
import io.orrery.topic.msgs.Messages;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A {@code gz.msgs.WorldControl} as gz sim applies it, turned into runner commands posted one after the other: a
 * reset ({@code all} or {@code time_only}, both a full reset in gz sim 8; the world is paused for it, as gz sim
 * rewinds inside one iteration), then the pause state the request names
 * ({@code pause: false} resumes a paused world, as in gz sim), then, while paused, {@code multi_step} steps (or one for
 * {@code step}); or, with {@code run_to_sim_time} (and {@code pause: false}), a run to it, which resumes the world
 * and arms the target in one command. Each command is refused as over HTTP, with the same words.
 * What gz sim also does not support ({@code model_only}, {@code seed}) is refused, never dropped silently.
 */
final class WorldControlCall {

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final io.orrery.app.WorldControl control;

    WorldControlCall(io.orrery.app.WorldControl control) {
        this.control = control;
    }

    /** The commands of {@code c}; completes once the last has been applied, or fails with the first refusal. */
    CompletableFuture<Void> apply(WorldControl c) {
        boolean reset = c.hasReset() && (c.getReset().getAll() || c.getReset().getTimeOnly());
        if (c.hasReset() && c.getReset().getModelOnly() && !reset) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("reset model_only is not supported"
                    + " (gz sim does not support it either); reset all resets the whole world"));
        }
        if (c.getSeed() != 0) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("a seed over gz-transport is not"
                    + " supported; set orrery.seed, or reset with a seed over the control WebSocket"));
        }
        long steps = c.getMultiStep() != 0 ? Integer.toUnsignedLong(c.getMultiStep()) : c.getStep() ? 1 : 0;
        long target = -1;
        if (c.hasRunToSimTime()) {
            long sec = c.getRunToSimTime().getSec();
            int nsec = c.getRunToSimTime().getNsec();
            if (sec < 0 || nsec < 0 || nsec > 999_999_999 || sec > Long.MAX_VALUE / 1_000_000_000L - 1) {
                return CompletableFuture.failedFuture(new IllegalArgumentException("run_to_sim_time must be a"
                        + " time at least 0 with nsec below 1e9, got " + sec + " s " + nsec + " ns"));
            }
            target = Messages.nanos(c.getRunToSimTime());
            if (c.getPause()) { // gz sim keeps the target for a later play; Orrery's run-to runs now
                return CompletableFuture.failedFuture(new IllegalArgumentException(
                        "run_to_sim_time runs the world" + " to that time now: send it with pause: false"));
            }
        }
        CompletableFuture<?> chain = CompletableFuture.completedFuture(null);
        if (reset) {
            // paused first, so that nothing steps between the reset and what the request asks after it
            chain = then(chain, () -> control.setPaused(WORLD, true));
            chain = then(chain, () -> control.reset(WORLD));
        }
        boolean pause = c.getPause();
        if (target >= 0) {
            // gz sim takes pause: false and the target in one iteration; a run-to leaves the pause itself, in one
            // command, where a resume first would let the free-running world pass a near target before it is armed
            long to = target;
            chain = then(chain, () -> control.runTo(WORLD, to));
        } else {
            chain = then(chain, () -> control.setPaused(WORLD, pause));
            if (pause && steps > 0) {
                chain = then(chain, () -> control.step(WORLD, steps));
            }
        }
        return chain.thenApply(x -> null);
    }

    private static CompletableFuture<Object> then(
            CompletableFuture<?> chain, Supplier<? extends CompletableFuture<?>> next) {
        return chain.thenCompose(x -> next.get().thenApply(y -> (Object) y));
    }
}
