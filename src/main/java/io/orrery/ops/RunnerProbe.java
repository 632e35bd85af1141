package io.orrery.ops;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.ops.LoopReading.Loop;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.SimulationStatus;
import java.util.function.Supplier;

/** Reads a {@link LoopReading} from the runner, from any thread; remembers whether the thread was ever alive. */
final class RunnerProbe implements Supplier<LoopReading> {

    private final SimulationRunner runner;
    private volatile boolean seenAlive;

    RunnerProbe(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public LoopReading get() {
        // Progress first: read after the status, a step finishing in between would look like a stall of one step.
        long last = runner.reads().lastProgressNanos();
        SimulationStatus status = runner.reads().status();
        boolean alive = runner.isRunning();
        long now = runner.reads().clock().nanoTime();
        double factor = status.realTimeFactor();
        long pacingWait = factor > 0 ? (long) Math.min(Long.MAX_VALUE / 4, status.stepSizeNanos() / factor) : 0;
        return new LoopReading(
                now,
                last,
                loop(status, alive),
                status.phase(),
                runner.reads().pluginProgress().allStarted(),
                pacingWait);
    }

    private Loop loop(SimulationStatus status, boolean alive) {
        if (status.outcome().isPresent()) {
            boolean lost = status.outcome().get() == Outcome.ABORTED
                    && status.physicsFailure().isPresent();
            return lost ? Loop.PHYSICS_LOST : Loop.ENDED;
        }
        if (alive) {
            seenAlive = true;
        } else {
            return seenAlive || status.state() != SimState.CONNECT ? Loop.DIED : Loop.NOT_STARTED;
        }
        if (runner.reads().isResetting()) {
            return Loop.RESETTING;
        }
        if (status.paused()) {
            return Loop.PAUSED;
        }
        return switch (status.state()) {
            // A reload waits for the new world's plugins in Reset, with the resetting flag already cleared.
            case CONNECT, START, RESET -> Loop.LOADING;
            default -> Loop.RUNNING;
        };
    }
}
