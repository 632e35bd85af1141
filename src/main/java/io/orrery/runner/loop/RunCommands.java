package io.orrery.runner.loop;

import io.orrery.lifecycle.Outcome;
import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginEvent;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.port.AbortException;
import io.orrery.runner.port.RunnerLog;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.session.ResetCascade;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.WorldLoading;
import io.orrery.runner.session.WorldSession;
import io.orrery.trigger.LifecycleEventKind;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What commands and trigger actions do to the run: pause, resume, the factor, step batches, run-to, a controller's
 * hold, reset and reload. Each runs on the runner thread at a point where the loop takes
 * commands ({@link StepLoop#execute}). Runner thread only.
 */
public final class RunCommands {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    private final RunState state;
    private final RunTransitions transitions;
    private final ResetCascade cascade;
    private final WorldLoading loading;
    private final StepLoop loop;
    private final RunTo runTo;
    private final RunEnding ending;
    private final MonotonicClock clock;
    private final Supplier<SimulationStatus> status;

    public RunCommands(
            RunState state,
            RunTransitions transitions,
            ResetCascade cascade,
            WorldLoading loading,
            StepLoop loop,
            RunTo runTo,
            RunEnding ending,
            MonotonicClock clock,
            Supplier<SimulationStatus> status) {
        this.state = state;
        this.transitions = transitions;
        this.cascade = cascade;
        this.loading = loading;
        this.loop = loop;
        this.runTo = runTo;
        this.ending = ending;
        this.clock = clock;
        this.status = status;
        transitions.bind(triggerActions());
    }

    /** The status now. */
    public SimulationStatus status() {
        return status.get();
    }

    public SimulationStatus pause() {
        transitions.enterPause(state.session());
        return status.get();
    }

    public SimulationStatus resume() {
        state.requirePhysicsWorking("resume");
        transitions.leavePause(state.session());
        return status.get();
    }

    public SimulationStatus setFactor(double factor) {
        state.session().setRealTimeFactor(factor);
        return status.get();
    }

    /**
     * {@code count} unpaced steps of a paused world. At each StepEnd reads are served, and a stop or a pause ends the
     * batch there; other commands wait until the batch has ended. The answer tells the steps actually taken. What a
     * system throws inside a batch aborts the run.
     *
     * <p>A batch leaves the lifecycle machine in Pause, as Gazebo's multi-step leaves a paused world paused: its steps
     * are phases the loop cycles through (as when running), not six transitions each. Observers see a batch of no
     * controller's as one StepBegin…StepEnd span (the {@code steps} event); a controller that holds the simulation
     * steps thousands of times a second, and its hold is one stretch of Pause. Walking the machine (Spring
     * Statemachine) costs tens of microseconds a transition, more than the step of a small world.
     */
    public SimulationStatus runSteps(long count) {
        state.requirePhysicsWorking("step");
        WorldSession s = state.session();
        boolean held = state.controller() != null;
        transitions.beginBatch(s, count, held);
        s.statistics.startBatch(clock.nanoTime(), s.simTimeNanos()); // counted, but not an achieved factor
        try {
            loop.batch(count);
        } catch (AbortException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new AbortException(ResetCascade.describe(e), e);
        }
        if (state.stepping()) {
            transitions.endBatch(s);
        }
        state.requirePhysicsWorking("step"); // the engine failed in the batch, which ended there
        return status.get();
    }

    /** Arms a run-to: runs until {@code targetNanos}, then pauses and completes {@code done}. */
    public void runTo(long targetNanos, CompletableFuture<SimulationStatus> done) {
        state.requirePhysicsWorking("run-to");
        WorldSession s = state.session();
        if (targetNanos <= s.simTimeNanos()) {
            throw new IllegalArgumentException("sim time " + targetNanos / 1e9 + " s is not ahead of the current "
                    + s.simTimeNanos() / 1e9 + " s");
        }
        runTo.arm(targetNanos, done);
        if (state.paused()) {
            transitions.leavePause(s);
        }
    }

    /** A controller takes hold: a run-to is cancelled, and a running simulation pauses here. */
    public void holdForController() {
        cancelRunTo("a controller acquired the simulation");
        if (state.stepping()) {
            transitions.enterPause(state.session());
        }
    }

    /** Stop → Reset → Start with the reset cascade in Reset, then on as before (running or paused). */
    public SimulationStatus resetWorld() {
        return resetWorld(OptionalLong.empty());
    }

    /** A reset whose sensor noise is seeded from {@code seed} when given, else from the run's seed. */
    public SimulationStatus resetWorld(OptionalLong seed) {
        WorldSession s = state.session();
        List<String> unsupported = s.systems.systemsNotSupportingReset();
        if (!unsupported.isEmpty()) {
            throw new AbortException("reset is not supported by " + String.join(", ", unsupported));
        }
        boolean wasPaused = state.paused();
        cancelRunTo("reset");
        try {
            transitions.enterReset();
            cascade.run(s, true, seed);
            state.physicsRebuilt();
        } catch (AbortException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new AbortException("reset failed: " + ResetCascade.describe(e), e);
        }
        transitions.fire(LifecycleEventKind.RESET);
        transitions.restartAfterReset(s, wasPaused);
        log.info("World '{}' reset", LogSafe.of(s.name()));
        return status.get();
    }

    /**
     * A full reload. The new session is built first: if that fails, the reload is refused and the running world
     * goes on untouched. Then the old world's plugins end and it closes (plugins hold ports and bridges under the
     * same names, so two generations never overlap), and the new world starts as at load: its required plugins
     * failing mean no-start, a stop meanwhile means stopped.
     */
    public SimulationStatus reload(WorldSpec spec, Path file) {
        WorldSession old = state.session();
        WorldSession next;
        try {
            next = loading.open(spec, file);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "reload of " + file + " refused, the running world goes on: " + ResetCascade.describe(e), e);
        }
        boolean wasPaused = state.paused();
        cancelRunTo("reload");
        transitions.enterReset();
        state.resetting(true);
        try {
            // From here the old world is going: the new one is published first, so whatever happens next the
            // run ends (if it must) on a whole world, never on one half closed.
            WorldSession.logPluginErrors(old.plugins.broadcast(new PluginEvent.Stopped()));
            state.worldFile(file);
            loop.publish(next);
            state.physicsRebuilt();
            old.close();
            if (!loading.startPlugins(next, loop::serveWhileLoading)) {
                ending.stopWhileLoading();
                return status.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ending.stopWhileLoading();
            return status.get();
        } catch (RuntimeException e) {
            ending.noStart(new IllegalStateException("reload of " + file + ": " + ResetCascade.describe(e), e));
            return status.get();
        } finally {
            state.resetting(false);
        }
        transitions.fire(LifecycleEventKind.RESET);
        transitions.beginSession(next, wasPaused);
        log.info("World '{}' reloaded from {}", LogSafe.of(next.name()), LogSafe.of(file));
        return status.get();
    }

    private void cancelRunTo(String why) {
        runTo.cancel(why, state.currentState(), state.allowedCommands());
    }

    /**
     * What trigger actions do: the same as commands, where the state allows them, at a safe point. While a
     * controller holds the simulation, pause, resume, reset and factor actions are held back (it alone drives the
     * run: its steps end when it asked).
     */
    RunTransitions.Actions triggerActions() {
        return new RunTransitions.Actions() {
            @Override
            public void pause() {
                if (state.stepping() && state.controller() == null) {
                    transitions.enterPause(state.session());
                }
            }

            @Override
            public void resume() {
                if (state.paused() && state.controller() == null && state.physicsFailure() == null) {
                    transitions.leavePause(state.session());
                }
            }

            @Override
            public void requestStop(Outcome outcome, String why) {
                state.requestStop(outcome, why);
            }

            @Override
            public void reset() {
                if ((state.stepping() || state.paused()) && state.controller() == null) {
                    resetWorld();
                }
            }

            @Override
            public void setRealTimeFactor(double factor) {
                if (state.controller() == null) {
                    state.session().setRealTimeFactor(factor);
                }
            }
        };
    }
}
