package io.orrery.runner;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.plugin.PluginEvent;
import io.orrery.physics.WorldView;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.system.UpdateInfo;
import io.orrery.trigger.LifecycleEventKind;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runner thread's work: load the first world, then frames of paced steps or paused cycles until the run
 * ends, applying commands at StepEnd. Also what commands and trigger actions do to the run: step batches,
 * run-to, reset, reload, stop, abort and the end of the run. Runner thread only.
 */
final class RunLoop {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(SimulationRunner.class);

    private final RunState state;
    private final CommandQueue commands;
    private final Lifecycle lifecycle;
    private final ResetCascade cascade;
    private final WorldLoading loading;
    private final WorldLoader loader;
    private final RunnerSettings settings;
    private final MonotonicClock clock;
    private final TriggerRegistry triggers;
    private final SnapshotPublisher snapshots;
    private final RunEnding ending;
    private final Supplier<SimulationStatus> status;
    private final Consumer<Command<?>> execute;

    private final RunTo runTo;
    private boolean inBatch;

    RunLoop(RunState state, CommandQueue commands, Lifecycle lifecycle, ResetCascade cascade, WorldLoading loading,
            WorldLoader loader, RunnerSettings settings, MonotonicClock clock, TriggerRegistry triggers,
            SnapshotPublisher snapshots, RunTo runTo, RunEnding ending, Supplier<SimulationStatus> status) {
        this.state = state;
        this.commands = commands;
        this.lifecycle = lifecycle;
        this.cascade = cascade;
        this.loading = loading;
        this.loader = loader;
        this.settings = settings;
        this.clock = clock;
        this.triggers = triggers;
        this.snapshots = snapshots;
        this.runTo = runTo;
        this.ending = ending;
        this.status = status;
        this.execute = c -> {
            c.run(state.mode, state.currentState());
            lifecycle.settle();
        };
    }

    // ---------------------------------------------------------------- the thread

    void run() {
        state.machine.bindTo(Thread.currentThread());
        state.wallStartNanos = clock.nanoTime();
        try {
            WorldSession first = loading.open(loader.load(state.worldFile), state.worldFile);
            publish(first);
            if (!loading.startPlugins(first, execute)) {
                stopWhileLoading();
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopWhileLoading();
            return;
        } catch (RuntimeException | Error e) {
            ending.noStart(e);
            return;
        }
        try {
            lifecycle.beginSession(state.session, settings.startPaused());
            applyCommands();
            while (state.mode != Mode.DONE) {
                if (state.mode == Mode.PAUSED) {
                    pausedCycle();
                } else {
                    runningFrame();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (state.mode != Mode.DONE) {
                ending.stop(Outcome.STOPPED);
            }
        } catch (RuntimeException | Error e) {
            ending.abort(e);
        }
    }

    private void runningFrame() throws InterruptedException {
        WorldSession s = state.session;
        int due = s.pacer.stepsDue(s.simTimeNanos());
        long dropped = s.pacer.takeDroppedSteps();
        if (s.dropped(dropped, due)) {
            log.warn("World '{}' fell more than orrery.max-catch-up behind real time at sim time {} s: {} steps"
                    + " dropped; more drops until it catches up are counted in the statistics"
                    + " (orrery_steps_dropped_total), not logged", s.name(), s.simTimeNanos() / 1e9, dropped);
        }
        if (due == 0) {
            applyCommands();
            WorldSession now = state.session;
            if (state.mode == Mode.RUNNING) {
                now.waited(now.pacer.waitForNextStep(now.simTimeNanos()));
            }
            return;
        }
        for (int i = 0; i < due && state.mode == Mode.RUNNING && s == state.session; i++) {
            step();
        }
    }

    /** One step through the four phases; commands are applied at StepEnd. */
    private void step() {
        WorldSession s = state.session;
        loading.bindJoinedModels(s, execute);
        long start = clock.nanoTime();
        s.stepping(start);
        state.phase = SimState.STEP_BEGIN;
        long next = s.iterations() + 1;
        UpdateInfo info = new UpdateInfo(next * s.stepNanos, start - state.wallStartNanos, s.stepNanos, next, false);
        state.phase = SimState.STEP_SIMULATOR;
        s.updating(info.simTimeNanos());
        long simulatorStart = clock.nanoTime();
        s.systems.runPreUpdate(info, s.physics);
        s.systems.runUpdate(info, s.physics);
        // The world has stepped: PostUpdate systems (and whatever snapshot they read) see it at this step's time.
        s.advanced(next, info.simTimeNanos());
        snapshots.changed();
        state.phase = SimState.STEP_CONTROLLER;
        long controllerStart = clock.nanoTime();
        s.systems.runPostUpdate(info, s.physics);
        state.phase = SimState.STEP_END;
        long end = clock.nanoTime();
        s.statistics.record(end, info.simTimeNanos(), s.stepNanos, end - start, s.takePadding());
        lifecycle.queue(triggers.onStep(info.simTimeNanos()));
        checkStopConditions(s);
        if (inBatch) {
            s.binding.update(s.plugins);
            lifecycle.settle();
            commands.runDuringBatch(execute);
        } else {
            applyCommands();
        }
        long stepEnd = clock.nanoTime();
        state.phaseTimes.record(simulatorStart - start, controllerStart - simulatorStart, end - controllerStart,
                stepEnd - end);
        state.lastProgressNanos = stepEnd;
        state.phase = SimState.STEP_BEGIN;
    }

    /**
     * A cycle in Pause: systems see dt 0; pause and loop triggers fire each cycle (Cloe's rule, so a trigger
     * {@code pause → resume} added while paused resumes); commands are awaited for up to one period.
     */
    private void pausedCycle() throws InterruptedException {
        WorldSession s = state.session;
        long now = clock.nanoTime();
        state.lastProgressNanos = now;
        UpdateInfo info = new UpdateInfo(s.simTimeNanos(), now - state.wallStartNanos, 0, s.iterations(), true);
        s.systems.runPreUpdate(info, s.physics);
        s.systems.runUpdate(info, s.physics);
        s.systems.runPostUpdate(info, s.physics);
        lifecycle.fire(LifecycleEventKind.PAUSE);
        lifecycle.queue(triggers.onPausedCycle());
        lifecycle.settle();
        if (state.mode == Mode.PAUSED) {
            commands.awaitAndRun(WorldLoading.WAIT_PERIOD_NANOS, execute);
        }
        applyCommands();
    }

    /** StepEnd's work outside a batch: bind started plugin systems, apply trigger actions and commands, stop. */
    private void applyCommands() {
        state.lastProgressNanos = clock.nanoTime();
        WorldSession s = state.session;
        s.binding.update(s.plugins);
        lifecycle.settle();
        commands.runAll(execute);
        if (state.requestedStop != null && state.mode != Mode.DONE && state.mode != Mode.LOADING) {
            Outcome o = state.requestedStop;
            state.requestedStop = null;
            ending.stop(o);
        }
    }

    private void checkStopConditions(WorldSession s) {
        if (runTo.reached(s.simTimeNanos())) {
            lifecycle.enterPause(s);
            runTo.complete(status.get());
        }
        if (settings.stopAtNanos().isPresent() && s.simTimeNanos() >= settings.stopAtNanos().getAsLong()
                || settings.stopAfterSteps().isPresent() && s.iterations() >= settings.stopAfterSteps().getAsLong()) {
            state.requestStop(Outcome.SUCCESS);
        }
    }

    private void publish(WorldSession session) {
        state.session = session;
        snapshots.changed();
    }

    /** A stop asked for while the world loads (SIGTERM during start-up) is a stop, not a failure to start. */
    private void stopWhileLoading() {
        log.info("Stopped while the world was loading");
        state.requestedStop = null;
        ending.stop(Outcome.STOPPED);
    }

    // ---------------------------------------------------------------- commands

    SimulationStatus pause() {
        lifecycle.enterPause(state.session);
        return status.get();
    }

    SimulationStatus resume() {
        lifecycle.leavePause(state.session);
        return status.get();
    }

    SimulationStatus setFactor(double factor) {
        state.session.setRealTimeFactor(factor);
        return status.get();
    }

    /**
     * Pause → Resume → StepBegin, {@code count} unpaced steps, then Pause again. At each StepEnd reads are
     * served, and a stop or a pause ends the batch there; other commands wait until the batch has ended. The
     * answer tells the steps actually taken. What a system throws inside a batch aborts the run.
     *
     * <p>The steps of a controller that holds the simulation leave the lifecycle machine in Pause, as Gazebo's
     * multi-step leaves a paused world paused: the hold is one stretch of Pause, its steps are phases the loop
     * cycles through (as when running), not six transitions each. A controller steps thousands of times a second;
     * each transition costs tens of microseconds in the machine and is an event to every event-stream client.
     */
    SimulationStatus runSteps(long count) {
        WorldSession s = state.session;
        boolean held = state.controller != null;
        if (!held) {
            state.machine.fire(SimEvent.RESUME);
            state.machine.fire(SimEvent.STEP_BEGIN);
        }
        state.mode = Mode.RUNNING;
        s.statistics.start(clock.nanoTime(), s.simTimeNanos());
        inBatch = true;
        try {
            for (long i = 0; i < count && state.mode == Mode.RUNNING && state.requestedStop == null
                    && s == state.session; i++) {
                step();
            }
        } catch (AbortException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new AbortException(ResetCascade.describe(e), e);
        } finally {
            inBatch = false;
        }
        if (state.mode == Mode.RUNNING) {
            if (!held) {
                lifecycle.driveTo(SimState.PAUSE);
            }
            state.mode = Mode.PAUSED;
            state.phase = SimState.PAUSE;
            s.statistics.pause(clock.nanoTime(), s.simTimeNanos());
        }
        return status.get();
    }

    /** Arms a run-to: runs until {@code targetNanos}, then pauses and completes {@code done}. */
    void runTo(long targetNanos, CompletableFuture<SimulationStatus> done) {
        WorldSession s = state.session;
        if (targetNanos <= s.simTimeNanos()) {
            throw new IllegalArgumentException("sim time " + targetNanos / 1e9 + " s is not ahead of the current "
                    + s.simTimeNanos() / 1e9 + " s");
        }
        runTo.arm(targetNanos, done);
        if (state.mode == Mode.PAUSED) {
            lifecycle.leavePause(s);
        }
    }

    /** A controller takes hold: a run-to is cancelled, and a running simulation pauses here. */
    void holdForController() {
        cancelRunTo("a controller acquired the simulation");
        if (state.mode == Mode.RUNNING) {
            lifecycle.enterPause(state.session);
        }
    }

    /** Stop → Reset → Start with the reset cascade in Reset, then on as before (running or paused). */
    SimulationStatus resetWorld() {
        return resetWorld(OptionalLong.empty());
    }

    /** A reset whose sensor noise is seeded from {@code seed} when given, else from the run's seed. */
    SimulationStatus resetWorld(OptionalLong seed) {
        WorldSession s = state.session;
        List<String> unsupported = s.systems.systemsNotSupportingReset();
        if (!unsupported.isEmpty()) {
            throw new AbortException("reset is not supported by " + String.join(", ", unsupported));
        }
        boolean wasPaused = state.mode == Mode.PAUSED;
        cancelRunTo("reset");
        try {
            lifecycle.driveTo(SimState.STOP);
            state.machine.fire(SimEvent.RESET);
            cascade.run(s, true, seed);
        } catch (AbortException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new AbortException("reset failed: " + ResetCascade.describe(e), e);
        }
        lifecycle.fire(LifecycleEventKind.RESET);
        lifecycle.restartAfterReset(s, wasPaused);
        log.info("World '{}' reset", s.name());
        return status.get();
    }

    /**
     * A full reload. The new session is built first: if that fails, the reload is refused and the running world
     * goes on untouched. Then the old world's plugins end and it closes (plugins hold ports and bridges under the
     * same names, so two generations never overlap), and the new world starts as at load: its required plugins
     * failing mean no-start, a stop meanwhile means stopped.
     */
    SimulationStatus reload(WorldSpec spec, Path file) {
        WorldSession old = state.session;
        WorldSession next;
        try {
            next = loading.open(spec, file);
        } catch (RuntimeException e) {
            throw new IllegalStateException("reload of " + file + " refused, the running world goes on: "
                    + ResetCascade.describe(e), e);
        }
        boolean wasPaused = state.mode == Mode.PAUSED;
        cancelRunTo("reload");
        lifecycle.driveTo(SimState.STOP);
        state.machine.fire(SimEvent.RESET);
        state.resetting = true;
        try {
            // From here the old world is going: the new one is published first, so whatever happens next the
            // run ends (if it must) on a whole world, never on one half closed.
            WorldSession.logPluginErrors(old.plugins.broadcast(new PluginEvent.Stopped()));
            state.worldFile = file;
            publish(next);
            state.mode = Mode.LOADING;
            old.close();
            if (!loading.startPlugins(next, execute)) {
                stopWhileLoading();
                return status.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopWhileLoading();
            return status.get();
        } catch (RuntimeException e) {
            ending.noStart(new IllegalStateException("reload of " + file + ": " + ResetCascade.describe(e), e));
            return status.get();
        } finally {
            state.resetting = false;
        }
        lifecycle.fire(LifecycleEventKind.RESET);
        lifecycle.beginSession(next, wasPaused);
        log.info("World '{}' reloaded from {}", next.name(), file);
        return status.get();
    }

    /** The snapshot of the world now (runner thread). */
    WorldSnapshot takeSnapshot() {
        WorldSession s = state.session;
        return s == null ? WorldSnapshot.empty("") : snapshots.take(s::capture);
    }

    /**
     * The snapshot of the world now, for a PostUpdate system on a pool thread while the runner thread waits for the
     * round: read through the round's shared view, so it never waits on the runner.
     */
    WorldSnapshot takeSnapshotDuringPostUpdate(WorldSession s, WorldView roundView) {
        return snapshots.take(() -> s.capture(roundView));
    }

    /** Runner thread: a world edit has been made. */
    <T> T edited(T result) {
        snapshots.changed();
        return result;
    }

    private void cancelRunTo(String why) {
        runTo.cancel(why, state.machine.state(), state.mode.allowedCommands());
    }

    // ---------------------------------------------------------------- trigger actions

    /**
     * What trigger actions do: the same as commands, where the state allows them, at a safe point. While a
     * controller holds the simulation, pause, resume, reset and factor actions are held back (it alone drives the
     * run: its steps end when it asked).
     */
    Lifecycle.Actions triggerActions() {
        return new Lifecycle.Actions() {
            @Override
            public void pause() {
                if (state.mode == Mode.RUNNING && state.controller == null) {
                    lifecycle.enterPause(state.session);
                }
            }

            @Override
            public void resume() {
                if (state.mode == Mode.PAUSED && state.controller == null) {
                    lifecycle.leavePause(state.session);
                }
            }

            @Override
            public void requestStop(Outcome outcome) {
                state.requestStop(outcome);
            }

            @Override
            public void reset() {
                if ((state.mode == Mode.RUNNING || state.mode == Mode.PAUSED) && state.controller == null) {
                    resetWorld();
                }
            }

            @Override
            public void setRealTimeFactor(double factor) {
                if (state.controller == null) {
                    state.session.setRealTimeFactor(factor);
                }
            }
        };
    }
}
