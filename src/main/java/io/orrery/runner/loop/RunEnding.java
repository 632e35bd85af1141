package io.orrery.runner.loop;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.log.LogSafe;
import io.orrery.physics.ModelState;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginStatus;
import io.orrery.runner.command.CommandQueue;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.pacing.StatisticsSnapshot;
import io.orrery.runner.port.AbortException;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerLog;
import io.orrery.runner.session.ResetCascade;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.SnapshotPublisher;
import io.orrery.runner.session.WorldSession;
import io.orrery.trigger.LifecycleEventKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a run ends: a stop (stopped, success, failure), an abort, or a world that did not start. Each decides the
 * outcome, takes the final state of the world, closes the session (plugins end, physics is destroyed), walks
 * the machine to Disconnect, refuses what is still queued and hands the result to the listeners. Runner thread.
 */
public final class RunEnding {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    private final RunState state;
    private final RunTransitions transitions;
    private final CommandQueue commands;
    private final SnapshotPublisher snapshots;
    private final RunTo runTo;
    private final MonotonicClock clock;
    private final List<RunListener> listeners;
    private final CompletableFuture<RunResult> finished;

    public RunEnding(
            RunState state,
            RunTransitions transitions,
            CommandQueue commands,
            SnapshotPublisher snapshots,
            RunTo runTo,
            MonotonicClock clock,
            List<RunListener> listeners,
            CompletableFuture<RunResult> finished) {
        this.state = state;
        this.transitions = transitions;
        this.commands = commands;
        this.snapshots = snapshots;
        this.runTo = runTo;
        this.clock = clock;
        this.listeners = listeners;
        this.finished = finished;
    }

    /** A stop asked for while the world loads (SIGTERM during start-up) is a stop, not a failure to start. */
    void stopWhileLoading() {
        log.info("Stopped while the world was loading");
        state.clearRequestedStop();
        stop(Outcome.STOPPED);
    }

    /** Stop → Disconnect with {@code result}; stop triggers fire (their actions may only log). */
    void stop(Outcome result) {
        stop(result, null);
    }

    /** {@link #stop(Outcome)}, with why it stopped (a trigger's firing), or null. */
    void stop(Outcome result, String why) {
        transitions.enterEnd(SimState.STOP);
        transitions.fire(LifecycleEventKind.STOP);
        transitions.settleEnding();
        WorldSession s = state.session();
        if (s != null) {
            WorldSession.logPluginErrors(s.plugins.broadcast(new PluginEvent.Stopped()));
        }
        finish(result, why);
    }

    /**
     * Abort → Disconnect with outcome aborted and the reason; an {@link Error} (out of memory, a stack overflow, an
     * engine's assertion) is named by its class in the reason and the log.
     */
    void abort(Throwable e) {
        String reason = e instanceof AbortException ? e.getMessage() : ResetCascade.describe(e);
        log.error(
                "Simulation aborted: {}",
                LogSafe.of(reason),
                e instanceof AbortException && e.getCause() == null ? null : e);
        toAbort();
        finish(Outcome.ABORTED, reason);
    }

    /** The world did not start: it did not load, or a required plugin failed. */
    void noStart(Throwable e) {
        String reason = ResetCascade.describe(e);
        log.error("World did not start: {}", LogSafe.of(reason));
        toAbort();
        finish(Outcome.NO_START, reason);
    }

    private void toAbort() {
        try {
            transitions.enterEnd(SimState.ABORT);
        } catch (RuntimeException transitionFailure) {
            log.warn(
                    "Could not walk the state machine to Abort from {}",
                    state.machine().state(),
                    transitionFailure);
        }
    }

    /**
     * Ends the run with {@code result}. Whatever fails while the world is closed or a listener is told (an Error
     * included: the report writer out of memory, a plugin's end) is logged and the ending goes on, so the outcome is
     * always decided, every listener hears it and {@link SimulationRunner#finished()} completes: a batch run
     * waiting to exit never waits for ever.
     */
    private void finish(Outcome result, String why) {
        state.end(result, why);
        WorldSession s = state.session();
        List<ModelState> models = new ArrayList<>();
        StatisticsSnapshot stats = StatisticsSnapshot.EMPTY;
        List<PluginStatus> plugins = List.of();
        long wall = 0;
        if (s != null) {
            try {
                for (String name : s.physics.modelNames()) {
                    s.physics.model(name).ifPresent(models::add);
                }
                snapshots.take(s::capture); // readers after the end see the world as it ended
                wall = s.wallSinceFirstStep(clock.nanoTime());
                stats = s.statistics.publish();
            } catch (RuntimeException | Error e) {
                log.error("The world's final state could not be taken: {}", LogSafe.of(ResetCascade.describe(e)), e);
            }
            try {
                plugins = s.closeAndReport();
            } catch (RuntimeException | Error e) {
                log.error(
                        "Closing the world at the end of the run failed: {}", LogSafe.of(ResetCascade.describe(e)), e);
            }
        }
        try {
            transitions.driveTo(SimState.DISCONNECT);
        } catch (RuntimeException transitionFailure) {
            log.warn(
                    "Could not walk the state machine to Disconnect from {}",
                    state.machine().state(),
                    transitionFailure);
        }
        runTo.endOfRun();
        commands.close();
        RunResult runResult = new RunResult(
                result,
                Optional.ofNullable(why),
                Optional.ofNullable(s == null ? null : s.name()),
                state.worldFile(),
                s == null ? 0 : s.simTimeNanos(),
                s == null ? 0 : s.iterations(),
                wall,
                stats.achievedFactorSinceStart(),
                stats,
                models,
                plugins);
        log.info(
                "Simulation ended: {} at sim time {} s after {} steps",
                result.jsonName(),
                runResult.simTimeNanos() / 1e9,
                runResult.iterations());
        for (RunListener l : listeners) {
            try {
                l.onFinished(runResult);
            } catch (RuntimeException | Error e) {
                log.error("A run listener failed: {}", LogSafe.of(ResetCascade.describe(e)), e);
            }
        }
        finished.complete(runResult);
    }
}
