package io.orrery.runner.loop;

import io.orrery.lifecycle.SimState;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.SimulationStatus;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** A pending run-to: the sim time to pause at and the caller waiting for it. Runner thread only. */
public final class RunTo {

    private long targetNanos = -1;
    private CompletableFuture<SimulationStatus> done;

    /** Aims at {@code target}; an earlier run-to still pending is cancelled. */
    void arm(long target, CompletableFuture<SimulationStatus> waiting) {
        if (done != null) {
            done.cancel(false);
        }
        targetNanos = target;
        done = waiting;
    }

    /** True when a run-to is pending and {@code simTimeNanos} has reached it. */
    boolean reached(long simTimeNanos) {
        return targetNanos >= 0 && simTimeNanos >= targetNanos;
    }

    /** Answers the caller: the target was reached. */
    void complete(SimulationStatus status) {
        CompletableFuture<SimulationStatus> waiting = done;
        clear();
        if (waiting != null) {
            waiting.complete(status);
        }
    }

    /** A reset or reload sets time back, so the target is a time of a world that is gone: refuse it. */
    void cancel(String why, SimState state, Set<String> allowed) {
        fail(new CommandRefusedException("run-to (cancelled by a " + why + ")", state, allowed));
    }

    /** The run has ended before the target was reached. */
    void endOfRun() {
        fail(new CommandRefusedException("finish waiting", SimState.DISCONNECT, Set.of()));
    }

    private void fail(CommandRefusedException why) {
        CompletableFuture<SimulationStatus> waiting = done;
        clear();
        if (waiting != null && !waiting.isDone()) {
            waiting.completeExceptionally(why);
        }
    }

    private void clear() {
        targetNanos = -1;
        done = null;
    }
}
