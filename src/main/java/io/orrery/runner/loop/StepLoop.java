package io.orrery.runner.loop;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.log.LogSafe;
import io.orrery.runner.command.Command;
import io.orrery.runner.command.CommandQueue;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunnerLog;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.session.ResetCascade;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.SnapshotPublisher;
import io.orrery.runner.session.WorldLoading;
import io.orrery.runner.session.WorldSession;
import io.orrery.system.SystemException;
import io.orrery.system.UpdateInfo;
import io.orrery.system.physics.PhysicsFailure;
import io.orrery.trigger.LifecycleEventKind;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runner thread's loop: load the first world, then frames of paced steps or paused cycles until the run ends,
 * applying commands at StepEnd (each posted command through {@link #execute}). What the commands do is
 * {@link RunCommands}'. Runner thread only.
 */
public final class StepLoop {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    private final RunState state;
    private final CommandQueue commands;
    private final RunTransitions transitions;
    private final WorldLoading loading;
    private final RunnerSettings settings;
    private final MonotonicClock clock;
    private final SnapshotPublisher snapshots;
    private final RunTo runTo;
    private final RunEnding ending;
    private final Supplier<SimulationStatus> status;
    private final List<RunListener> listeners;
    private boolean inBatch;

    public StepLoop(
            RunState state,
            CommandQueue commands,
            RunTransitions transitions,
            WorldLoading loading,
            RunnerSettings settings,
            MonotonicClock clock,
            SnapshotPublisher snapshots,
            RunTo runTo,
            RunEnding ending,
            Supplier<SimulationStatus> status,
            List<RunListener> listeners) {
        this.listeners = listeners;
        this.state = state;
        this.commands = commands;
        this.transitions = transitions;
        this.loading = loading;
        this.settings = settings;
        this.clock = clock;
        this.snapshots = snapshots;
        this.runTo = runTo;
        this.ending = ending;
        this.status = status;
    }

    /** Runs one command where the loop takes it, then applies the trigger actions it set off. */
    void execute(Command<?> c) {
        c.run(state.commandState(), state.currentState(), state.allowedCommands());
        c.applied().ifPresent(applied -> {
            for (RunListener l : listeners) {
                l.onCommandApplied(applied);
            }
        });
        transitions.settle();
    }

    /** While a world loads: serves the commands allowed then for up to {@code waitNanos}, deferring the others. */
    void serveWhileLoading(long waitNanos) throws InterruptedException {
        commands.runWhileLoading(waitNanos, this::execute);
    }

    /** The runner thread's body: loads the first world and runs until the run has ended. */
    public void run() {
        state.machine().bindTo(Thread.currentThread());
        state.wallStartNanos(clock.nanoTime());
        try {
            WorldSession first = loading.openFirst(state.worldFile());
            publish(first);
            if (!loading.startPlugins(first, this::serveWhileLoading)) {
                ending.stopWhileLoading();
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ending.stopWhileLoading();
            return;
        } catch (RuntimeException | Error e) {
            ending.noStart(e);
            return;
        }
        try {
            transitions.beginSession(state.session(), settings.startPaused());
            applyCommands();
            while (!state.ended()) {
                if (state.stepping()) {
                    runningFrame();
                } else {
                    pausedCycle();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (!state.ended()) {
                ending.stop(Outcome.STOPPED);
            }
        } catch (RuntimeException | Error e) {
            ending.abort(e);
        }
    }

    private void runningFrame() throws InterruptedException {
        WorldSession s = state.session();
        int due = s.pacer.stepsDue(s.simTimeNanos());
        long dropped = s.pacer.takeDroppedSteps();
        if (s.dropped(dropped, due)) {
            log.warn(
                    "World '{}' fell more than orrery.max-catch-up behind real time at sim time {} s: {} steps"
                            + " dropped; more drops until it catches up are counted in the statistics"
                            + " (orrery_steps_dropped_total), not logged",
                    LogSafe.of(s.name()),
                    s.simTimeNanos() / 1e9,
                    dropped);
        }
        if (due == 0) {
            applyCommands();
            WorldSession now = state.session();
            if (state.stepping()) {
                now.waited(now.pacer.waitForNextStep(now.simTimeNanos()));
            }
            return;
        }
        for (int i = 0; i < due && state.stepping() && s == state.session(); i++) {
            step();
        }
    }

    /**
     * Up to {@code count} unpaced steps as one batch: at each StepEnd reads are served, and a stop, a pause or a
     * run-to reached ends the batch there; other commands wait until the batch has ended.
     */
    void batch(long count) {
        WorldSession s = state.session();
        inBatch = true;
        try {
            for (long i = 0;
                    i < count && state.stepping() && state.requestedStop() == null && s == state.session();
                    i++) {
                step();
            }
        } finally {
            inBatch = false;
        }
    }

    /** One step through the four phases; commands are applied at StepEnd. */
    private void step() {
        WorldSession s = state.session();
        loading.bindJoinedModels(s, this::serveWhileLoading);
        long start = clock.nanoTime();
        s.stepping(start);
        state.phase(SimState.STEP_BEGIN);
        long next = s.iterations() + 1;
        UpdateInfo info = new UpdateInfo(next * s.stepNanos, start - state.wallStartNanos(), s.stepNanos, next, false);
        state.phase(SimState.STEP_SIMULATOR);
        s.updating(info.simTimeNanos());
        long simulatorStart = clock.nanoTime();
        s.systems.runPreUpdate(info, s.physics);
        try {
            s.systems.runUpdate(info, s.physics);
        } catch (SystemException e) {
            if (e.getCause() instanceof PhysicsFailure failure) {
                pauseOnPhysicsFailure(s, next, failure);
                return;
            }
            throw e;
        }
        // The world has stepped: PostUpdate systems (and whatever snapshot they read) see it at this step's time.
        s.advanced(next, info.simTimeNanos());
        snapshots.changed();
        state.phase(SimState.STEP_CONTROLLER);
        long controllerStart = clock.nanoTime();
        s.systems.runPostUpdate(info, s.physics);
        for (RunListener l : listeners) {
            l.onStepped(next, info.simTimeNanos(), s.physics);
        }
        state.phase(SimState.STEP_END);
        long end = clock.nanoTime();
        s.statistics.record(end, info.simTimeNanos(), s.stepNanos, end - start, s.takePadding());
        transitions.stepped(info.simTimeNanos());
        checkStopConditions(s);
        if (inBatch) {
            s.binding.update(s.plugins);
            transitions.settle();
            commands.runDuringBatch(this::execute);
        } else {
            applyCommands();
        }
        long stepEnd = clock.nanoTime();
        state.phaseTimes()
                .record(simulatorStart - start, controllerStart - simulatorStart, end - controllerStart, stepEnd - end);
        state.progressed(stepEnd);
        state.phase(SimState.STEP_BEGIN);
    }

    /**
     * The engine failed inside step {@code step}: its world can no longer be trusted, but nothing outside it is harmed,
     * so the run pauses here instead of aborting, and refuses to step until a reset or a reload has rebuilt the world.
     */
    private void pauseOnPhysicsFailure(WorldSession s, long step, PhysicsFailure failure) {
        String why = "the physics engine failed in step " + step + ": " + ResetCascade.describe(failure.getCause());
        log.error(
                "World '{}': {}; paused until a reset or reload rebuilds it",
                LogSafe.of(s.name()),
                LogSafe.of(why),
                failure.getCause());
        state.physicsFailed(why);
        state.phase(SimState.STEP_BEGIN);
        transitions.enterPause(s);
        runTo.cancel(why, state.currentState(), state.allowedCommands());
    }

    /**
     * A cycle in Pause: systems see dt 0; pause and loop triggers fire each cycle (Cloe's rule, so a trigger
     * {@code pause → resume} added while paused resumes); commands are awaited for up to one period.
     */
    private void pausedCycle() throws InterruptedException {
        WorldSession s = state.session();
        long now = clock.nanoTime();
        state.progressed(now);
        UpdateInfo info = new UpdateInfo(s.simTimeNanos(), now - state.wallStartNanos(), 0, s.iterations(), true);
        s.systems.runPreUpdate(info, s.physics);
        s.systems.runUpdate(info, s.physics);
        s.systems.runPostUpdate(info, s.physics);
        transitions.fire(LifecycleEventKind.PAUSE);
        transitions.pausedCycle();
        transitions.settle();
        if (state.paused()) {
            commands.awaitAndRun(WorldLoading.WAIT_PERIOD_NANOS, this::execute);
        }
        applyCommands();
    }

    /** StepEnd's work outside a batch: bind started plugin systems, apply trigger actions and commands, stop. */
    private void applyCommands() {
        state.progressed(clock.nanoTime());
        WorldSession s = state.session();
        s.binding.update(s.plugins);
        transitions.settle();
        commands.runAll(this::execute);
        if (state.requestedStop() != null && !state.ended() && !state.loading()) {
            Outcome o = state.requestedStop();
            String why = state.requestedStopWhy();
            state.clearRequestedStop();
            ending.stop(o, why);
        }
    }

    private void checkStopConditions(WorldSession s) {
        if (runTo.reached(s.simTimeNanos())) {
            transitions.enterPause(s);
            runTo.complete(status.get());
        }
        if (settings.stopAtNanos().isPresent()
                        && s.simTimeNanos() >= settings.stopAtNanos().getAsLong()
                || settings.stopAfterSteps().isPresent()
                        && s.iterations() >= settings.stopAfterSteps().getAsLong()) {
            state.requestStop(Outcome.SUCCESS);
        }
    }

    /** Makes {@code session} the world everyone sees from now on. */
    void publish(WorldSession session) {
        state.session(session);
        snapshots.changed();
    }
}
