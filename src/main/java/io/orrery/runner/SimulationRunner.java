package io.orrery.runner;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.system.Configure;
import io.orrery.system.Priorities;
import io.orrery.system.SystemManager;
import io.orrery.system.UpdateInfo;
import io.orrery.system.physics.PhysicsSystem;
import io.orrery.trigger.LifecycleEventKind;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerAction;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulation loop. One runner thread owns the physics world and all world state; everything else posts
 * commands, which the runner applies between steps (at StepEnd) and answers through a future.
 *
 * <p>The state machine holds the lifecycle state; the loop holds the per-step phase. While running the machine
 * rests in StepBegin and the loop cycles StepBegin, StepSimulator, StepController, StepEnd in a field, so a
 * step costs no state-machine events. Lifecycle changes (pause, stop, reset, abort) walk the machine along
 * Cloe's edges from wherever it rests.
 */
public final class SimulationRunner {

    private static final Logger log = LoggerFactory.getLogger(SimulationRunner.class);

    /** How often systems are called while paused (with dt 0), and how long a paused loop waits for a command. */
    static final long PAUSED_UPDATE_PERIOD_NANOS = 10_000_000;

    private enum Mode {
        LOADING, RUNNING, PAUSED, DONE
    }

    private final WorldSource worldSource;
    private final PhysicsEngine engine;
    private final Supplier<List<SystemRegistration>> systems;
    private final SystemCatalog catalog;
    private final RunnerSettings settings;
    private final MonotonicClock clock;
    private final Sleeper sleeper;
    private final List<RunListener> listeners = new ArrayList<>();
    private final LinkedBlockingQueue<Command<?>> commands = new LinkedBlockingQueue<>();
    private final TriggerRegistry triggers = new TriggerRegistry();
    private final CompletableFuture<RunResult> finished = new CompletableFuture<>();
    private final SimulationMachine machine = SimulationMachine.create();

    // Owned by the runner thread.
    private PhysicsWorld physics;
    private SystemManager systemManager;
    private RealTimePacer pacer;
    private Statistics statistics;
    private WorldSpec world;
    private long stepNanos;
    private long wallStartNanos;
    private long firstStepWallNanos = -1;
    private long paddingNanos;
    private long pendingSteps;
    private CompletableFuture<SimulationStatus> pendingStepsDone;
    private long runToNanos = -1;
    private CompletableFuture<SimulationStatus> runToDone;
    private Outcome requestedStop;

    // Read from any thread.
    private volatile Mode mode = Mode.LOADING;
    private volatile SimState phase = SimState.CONNECT;
    private volatile long simTimeNanos;
    private volatile long iterations;
    private volatile double targetFactor;
    private volatile Outcome outcome;
    private volatile String message;
    private volatile String worldName;
    private volatile Thread thread;

    /**
     * A runner for one world.
     *
     * @param worldSource where the world comes from
     * @param engine builds the physics world
     * @param systems systems registered for every world (for example Spring beans), in load order; asked for
     *     when the world loads
     * @param catalog turns a world's {@code <plugin>} elements into systems
     * @param settings overrides, start and stop conditions, triggers
     * @param clock the monotonic clock pacing uses
     * @param sleeper how the loop sleeps when ahead of time
     */
    public SimulationRunner(WorldSource worldSource, PhysicsEngine engine, Supplier<List<SystemRegistration>> systems,
            SystemCatalog catalog, RunnerSettings settings, MonotonicClock clock, Sleeper sleeper) {
        this.worldSource = worldSource;
        this.engine = engine;
        this.systems = systems;
        this.catalog = catalog;
        this.settings = settings;
        this.clock = clock;
        this.sleeper = sleeper;
        for (TriggerSpec spec : settings.triggers()) {
            triggers.add(spec.parse(Trigger.SOURCE_CONFIG));
        }
        machine.addListener((from, to, event) -> {
            for (RunListener l : listeners) {
                l.onTransition(from, to, event);
            }
        });
    }

    /** Adds a listener; call before {@link #start()}. */
    public void addListener(RunListener listener) {
        listeners.add(listener);
    }

    /** Starts the runner thread: it loads the world and runs it. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("the runner has already been started");
        }
        Thread t = new Thread(this::run, "orrery-runner");
        thread = t;
        t.start();
    }

    /** Completes with the result once the run has ended (Disconnect). */
    public CompletableFuture<RunResult> finished() {
        return finished;
    }

    /** True while the runner thread is alive. */
    public boolean isRunning() {
        Thread t = thread;
        return t != null && t.isAlive();
    }

    // ---------------------------------------------------------------- commands

    /** Pauses at the end of the current step. */
    public CompletableFuture<SimulationStatus> pause() {
        return post("pause", EnumSet.of(Mode.RUNNING), () -> {
            enterPause();
            return status();
        });
    }

    /** Resumes a paused simulation, with no jump in pacing. */
    public CompletableFuture<SimulationStatus> resume() {
        return post("resume", EnumSet.of(Mode.PAUSED), () -> {
            leavePause();
            return status();
        });
    }

    /** Stops the simulation with outcome stopped; it disconnects and the world is closed. */
    public CompletableFuture<SimulationStatus> stop() {
        return post("stop", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            requestedStop = Outcome.STOPPED;
            return status();
        });
    }

    /** Resets the world to its loaded state and goes on as it was (running or paused). */
    public CompletableFuture<SimulationStatus> reset() {
        return post("reset", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            doReset();
            return status();
        });
    }

    /** While paused: runs {@code count} steps, then is paused again; completes after the steps have run. */
    public CompletableFuture<SimulationStatus> step(long count) {
        if (count < 1) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("count must be at least 1, got "
                    + count));
        }
        CompletableFuture<SimulationStatus> done = new CompletableFuture<>();
        CompletableFuture<SimulationStatus> accepted = post("step", EnumSet.of(Mode.PAUSED), () -> {
            if (pendingStepsDone != null) {
                throw new CommandRefusedException("step", SimState.PAUSE, Set.of("resume", "stop", "reset"));
            }
            pendingSteps = count;
            pendingStepsDone = done;
            return null;
        });
        return accepted.thenCompose(ignored -> done);
    }

    /** Runs until sim time reaches {@code targetNanos}, then pauses; completes when it has. */
    public CompletableFuture<SimulationStatus> runTo(long targetNanos) {
        CompletableFuture<SimulationStatus> done = new CompletableFuture<>();
        CompletableFuture<SimulationStatus> accepted = post("run-to", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            if (targetNanos <= simTimeNanos) {
                throw new IllegalArgumentException("sim time " + targetNanos / 1e9 + " s is not ahead of the current "
                        + simTimeNanos / 1e9 + " s");
            }
            if (runToDone != null) {
                runToDone.cancel(false);
            }
            runToNanos = targetNanos;
            runToDone = done;
            if (mode == Mode.PAUSED) {
                leavePause();
            }
            return null;
        });
        return accepted.thenCompose(ignored -> done);
    }

    /** Changes the target real-time factor (0 = as fast as possible) with no jump. */
    public CompletableFuture<SimulationStatus> setRealTimeFactor(double factor) {
        if (!(factor >= 0) || Double.isInfinite(factor)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "real-time factor must be a finite number at least 0, got " + factor));
        }
        return post("real-time-factor", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            applyRealTimeFactor(factor);
            return status();
        });
    }

    /**
     * Runs {@code action} on the runner thread with the physics world, between steps. The world must not escape
     * the action.
     */
    public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
        return post(name, EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> action.apply(physics));
    }

    /** The trigger registry (thread-safe): add triggers, read the list and the history. */
    public TriggerRegistry triggers() {
        return triggers;
    }

    /** The commands accepted in the current state. */
    public Set<String> allowedCommands() {
        return allowedCommands(mode);
    }

    private static Set<String> allowedCommands(Mode m) {
        return switch (m) {
            case RUNNING -> new LinkedHashSet<>(List.of("pause", "stop", "reset", "run-to", "real-time-factor"));
            case PAUSED -> new LinkedHashSet<>(
                    List.of("resume", "step", "stop", "reset", "run-to", "real-time-factor"));
            case LOADING, DONE -> Set.of();
        };
    }

    private <T> CompletableFuture<T> post(String name, Set<Mode> allowedIn, ThrowingSupplier<T> action) {
        Command<T> command = new Command<>(name, allowedIn, action);
        if (mode == Mode.DONE) {
            command.refuse(currentState());
            return command.future;
        }
        commands.add(command);
        if (mode == Mode.DONE) {
            // The runner may have finished between the check and the add: it drains once more when it ends.
            drainRefusing();
        }
        return command.future;
    }

    // ---------------------------------------------------------------- status

    /** A snapshot of the simulation's state, safe from any thread. */
    public SimulationStatus status() {
        Statistics stats = statistics;
        return new SimulationStatus(currentState(), phase, Optional.ofNullable(outcome), Optional.ofNullable(message),
                simTimeNanos, iterations, stepNanos, targetFactor,
                stats == null ? 0 : stats.snapshot().achievedFactorWindow(), mode == Mode.PAUSED,
                Optional.ofNullable(worldName), worldSource.file());
    }

    /** The lifecycle state; while stepping, the phase the loop is in. */
    public SimState currentState() {
        SimState s = machine.state();
        return s == SimState.STEP_BEGIN && mode == Mode.RUNNING ? phase : s;
    }

    /** The loop's current phase. */
    public SimState phase() {
        return phase;
    }

    // ---------------------------------------------------------------- the loop

    private void run() {
        machine.bindTo(Thread.currentThread());
        wallStartNanos = clock.nanoTime();
        try {
            load();
        } catch (RuntimeException | Error e) {
            log.error("World did not load: {}", e.getMessage());
            finish(Outcome.NO_START, e.getMessage() == null ? e.toString() : e.getMessage(), true);
            return;
        }
        try {
            begin();
            while (mode != Mode.DONE) {
                if (mode == Mode.PAUSED) {
                    pausedIteration();
                } else {
                    runningFrame();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (mode != Mode.DONE) {
                stopWith(Outcome.STOPPED);
            }
        } catch (RuntimeException | Error e) {
            abort(e);
        }
    }

    private void load() {
        world = worldSource.load();
        worldName = world.name();
        stepNanos = settings.stepSizeNanos().orElse(Math.round(world.physics().maxStepSize() * 1e9));
        if (stepNanos <= 0) {
            throw new IllegalArgumentException("world '" + world.name() + "': the step size must be positive, got "
                    + world.physics().maxStepSize() + " s");
        }
        targetFactor = settings.realTimeFactor().orElse(world.physics().realTimeFactor());
        physics = engine.build(world);
        systemManager = new SystemManager(settings.parallelPostUpdate());
        systemManager.add(new PhysicsSystem(), OptionalInt.of(Priorities.PHYSICS));
        for (SystemRegistration r : systems.get()) {
            systemManager.add(r.system(), r.priority());
        }
        for (PluginSpec plugin : world.plugins()) {
            Optional<Object> system = catalog.create(plugin);
            if (system.isPresent()) {
                if (system.get() instanceof Configure c) {
                    c.configure(plugin);
                }
                systemManager.add(system.get(), plugin.priority());
            } else {
                log.info("World plugin '{}' ({}) is not provided by Orrery: ignored", plugin.name(),
                        plugin.filename());
            }
        }
        pacer = new RealTimePacer(clock, sleeper, stepNanos, targetFactor, settings.maxStepsPerFrame(),
                RealTimePacer.DEFAULT_SPIN_THRESHOLD_NANOS);
        statistics = new Statistics();
        log.info("World '{}' loaded from {}: {} models, {} bodies, step {} ms, real-time factor {}", world.name(),
                worldSource.file(), world.models().size(), physics.bodyCount(), stepNanos / 1e6, targetFactor);
    }

    private void begin() throws InterruptedException {
        machine.fire(SimEvent.START);
        fireLifecycleTriggers(LifecycleEventKind.START);
        if (settings.startPaused()) {
            driveTo(SimState.STEP_BEGIN);
            mode = Mode.RUNNING;
            startPacing();
            enterPause();
        } else {
            driveTo(SimState.STEP_BEGIN);
            mode = Mode.RUNNING;
            startPacing();
        }
        applyCommands();
    }

    private void runningFrame() throws InterruptedException {
        int due = pacer.stepsDue(simTimeNanos);
        if (due == 0) {
            applyCommands();
            if (mode == Mode.RUNNING) {
                paddingNanos += pacer.waitForNextStep(simTimeNanos);
            }
            return;
        }
        for (int i = 0; i < due && mode == Mode.RUNNING; i++) {
            step();
        }
    }

    /** One step through the four phases; commands are applied at StepEnd. */
    private void step() {
        long start = clock.nanoTime();
        if (firstStepWallNanos < 0) {
            firstStepWallNanos = start;
        }
        phase = SimState.STEP_BEGIN;
        long next = iterations + 1;
        UpdateInfo info = new UpdateInfo(next * stepNanos, start - wallStartNanos, stepNanos, next, false);
        phase = SimState.STEP_SIMULATOR;
        systemManager.runPreUpdate(info, physics);
        systemManager.runUpdate(info, physics);
        phase = SimState.STEP_CONTROLLER;
        systemManager.runPostUpdate(info, physics);
        iterations = next;
        simTimeNanos = info.simTimeNanos();
        phase = SimState.STEP_END;
        long end = clock.nanoTime();
        statistics.record(end, simTimeNanos, stepNanos, end - start, paddingNanos);
        paddingNanos = 0;
        List<TriggerAction> fired = triggers.onStep(simTimeNanos);
        if (!fired.isEmpty()) {
            apply(fired);
        }
        checkStopConditions();
        applyCommands();
        phase = SimState.STEP_BEGIN;
    }

    private void pausedIteration() throws InterruptedException {
        long now = clock.nanoTime();
        UpdateInfo info = new UpdateInfo(simTimeNanos, now - wallStartNanos, 0, iterations, true);
        systemManager.runPreUpdate(info, physics);
        systemManager.runUpdate(info, physics);
        systemManager.runPostUpdate(info, physics);
        Command<?> first = commands.poll(PAUSED_UPDATE_PERIOD_NANOS, TimeUnit.NANOSECONDS);
        if (first != null) {
            first.run(mode, currentState());
        }
        applyCommands();
        if (mode == Mode.PAUSED && pendingSteps > 0) {
            runPendingSteps();
        }
    }

    /** Pause → Resume → StepBegin, N unpaced steps, then back to Pause. */
    private void runPendingSteps() {
        CompletableFuture<SimulationStatus> done = pendingStepsDone;
        machine.fire(SimEvent.RESUME);
        machine.fire(SimEvent.STEP_BEGIN);
        mode = Mode.RUNNING;
        statistics.start(clock.nanoTime(), simTimeNanos);
        while (pendingSteps > 0 && mode == Mode.RUNNING) {
            pendingSteps--;
            step();
        }
        pendingSteps = 0;
        pendingStepsDone = null;
        if (mode == Mode.RUNNING) {
            driveTo(SimState.PAUSE);
            mode = Mode.PAUSED;
            phase = SimState.PAUSE;
            statistics.pause(clock.nanoTime(), simTimeNanos);
        }
        done.complete(status());
    }

    private void applyCommands() {
        Command<?> c;
        while ((c = commands.poll()) != null) {
            c.run(mode, currentState());
        }
        if (requestedStop != null) {
            Outcome o = requestedStop;
            requestedStop = null;
            stopWith(o);
        }
    }

    private void checkStopConditions() {
        if (runToNanos >= 0 && simTimeNanos >= runToNanos) {
            runToNanos = -1;
            enterPause();
            CompletableFuture<SimulationStatus> done = runToDone;
            runToDone = null;
            done.complete(status());
        }
        if (requestedStop == null && (settings.stopAtNanos().isPresent()
                && simTimeNanos >= settings.stopAtNanos().getAsLong()
                || settings.stopAfterSteps().isPresent() && iterations >= settings.stopAfterSteps().getAsLong())) {
            requestedStop = Outcome.SUCCESS;
        }
    }

    // ---------------------------------------------------------------- lifecycle transitions

    private void enterPause() {
        driveTo(SimState.PAUSE);
        mode = Mode.PAUSED;
        phase = SimState.PAUSE;
        pacer.pause();
        statistics.pause(clock.nanoTime(), simTimeNanos);
        fireLifecycleTriggers(LifecycleEventKind.PAUSE);
    }

    private void leavePause() {
        driveTo(SimState.STEP_BEGIN);
        mode = Mode.RUNNING;
        phase = SimState.STEP_BEGIN;
        pacer.resume(simTimeNanos);
        statistics.start(clock.nanoTime(), simTimeNanos);
        fireLifecycleTriggers(LifecycleEventKind.RESUME);
    }

    private void startPacing() {
        pacer.start(simTimeNanos);
        statistics.start(clock.nanoTime(), simTimeNanos);
    }

    private void applyRealTimeFactor(double factor) {
        targetFactor = factor;
        pacer.setRealTimeFactor(factor, simTimeNanos);
    }

    private void doReset() {
        List<String> unsupported = systemManager.systemsNotSupportingReset();
        if (!unsupported.isEmpty()) {
            throw new AbortException("reset is not supported by " + String.join(", ", unsupported));
        }
        boolean wasPaused = mode == Mode.PAUSED;
        driveTo(SimState.STOP);
        machine.fire(SimEvent.RESET);
        simTimeNanos = 0;
        iterations = 0;
        firstStepWallNanos = -1;
        systemManager.runReset(new UpdateInfo(0, clock.nanoTime() - wallStartNanos, 0, 0, wasPaused), physics);
        statistics.reset();
        fireLifecycleTriggers(LifecycleEventKind.RESET);
        machine.fire(SimEvent.START);
        driveTo(SimState.STEP_BEGIN);
        mode = Mode.RUNNING;
        if (wasPaused) {
            enterPause();
        } else {
            startPacing();
        }
        log.info("World '{}' reset", worldName);
    }

    private void stopWith(Outcome result) {
        driveTo(SimState.STOP);
        fireLifecycleTriggers(LifecycleEventKind.STOP);
        finish(result, null, false);
    }

    private void abort(Throwable e) {
        String reason = e instanceof AbortException ? e.getMessage() : describe(e);
        log.error("Simulation aborted: {}", reason, e instanceof AbortException ? null : e);
        try {
            driveTo(SimState.ABORT);
        } catch (RuntimeException transitionFailure) {
            log.warn("Could not walk the state machine to Abort from {}", machine.state(), transitionFailure);
        }
        finish(Outcome.ABORTED, reason, false);
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** Ends the run: decides the outcome, disconnects, closes the world and answers what is left. */
    private void finish(Outcome result, String why, boolean viaAbort) {
        if (viaAbort) {
            machine.fire(SimEvent.ABORT);
        }
        outcome = result;
        message = why;
        List<ModelState> models = new ArrayList<>();
        if (physics != null) {
            for (String name : physics.modelNames()) {
                physics.model(name).ifPresent(models::add);
            }
        }
        long wall = firstStepWallNanos < 0 ? 0 : clock.nanoTime() - firstStepWallNanos;
        StatisticsSnapshot snapshot = statistics == null ? StatisticsSnapshot.EMPTY : statistics.publish();
        double achieved = snapshot.achievedFactorSinceStart();
        driveTo(SimState.DISCONNECT);
        mode = Mode.DONE;
        phase = SimState.DISCONNECT;
        if (systemManager != null) {
            systemManager.close();
        }
        if (physics != null) {
            physics.close();
        }
        failPending(pendingStepsDone);
        failPending(runToDone);
        drainRefusing();
        RunResult runResult = new RunResult(result, Optional.ofNullable(why), Optional.ofNullable(worldName),
                worldSource.file(), simTimeNanos, iterations, wall, achieved, snapshot, models);
        log.info("Simulation ended: {} at sim time {} s after {} steps", result.jsonName(), simTimeNanos / 1e9,
                iterations);
        for (RunListener l : listeners) {
            try {
                l.onFinished(runResult);
            } catch (RuntimeException e) {
                log.warn("A run listener failed", e);
            }
        }
        finished.complete(runResult);
    }

    private void failPending(CompletableFuture<SimulationStatus> future) {
        if (future != null && !future.isDone()) {
            future.completeExceptionally(new CommandRefusedException("finish waiting", SimState.DISCONNECT,
                    Set.of()));
        }
    }

    private void drainRefusing() {
        Command<?> c;
        while ((c = commands.poll()) != null) {
            c.refuse(SimState.DISCONNECT);
        }
    }

    /** Walks the state machine along the shortest path of Cloe's edges to {@code target}, avoiding Abort. */
    private void driveTo(SimState target) {
        for (SimEvent e : TransitionPaths.path(machine.state(), target)) {
            machine.fire(e);
        }
    }

    private void fireLifecycleTriggers(LifecycleEventKind kind) {
        List<TriggerAction> fired = triggers.onLifecycle(kind);
        if (!fired.isEmpty()) {
            apply(fired);
        }
    }

    /** Applies trigger actions on the runner thread, as a command would. */
    private void apply(List<TriggerAction> actions) {
        for (TriggerAction action : actions) {
            if (action instanceof TriggerAction.Command c) {
                switch (c.kind()) {
                    case PAUSE -> {
                        if (mode == Mode.RUNNING) {
                            enterPause();
                        }
                    }
                    case RESUME -> {
                        if (mode == Mode.PAUSED) {
                            leavePause();
                        }
                    }
                    case STOP -> requestStop(Outcome.STOPPED);
                    case SUCCEED -> requestStop(Outcome.SUCCESS);
                    case FAIL -> requestStop(Outcome.FAILURE);
                    case RESET -> doReset();
                }
            } else if (action instanceof TriggerAction.RealtimeFactor f) {
                applyRealTimeFactor(f.factor());
            } else if (action instanceof TriggerAction.Log l) {
                logTrigger(l);
            }
        }
    }

    private void requestStop(Outcome o) {
        if (requestedStop == null) {
            requestedStop = o;
        }
    }

    private static void logTrigger(TriggerAction.Log l) {
        switch (l.level()) {
            case TRACE -> log.trace("trigger: {}", l.message());
            case DEBUG -> log.debug("trigger: {}", l.message());
            case INFO -> log.info("trigger: {}", l.message());
            case WARN -> log.warn("trigger: {}", l.message());
            case ERROR -> log.error("trigger: {}", l.message());
        }
    }

    // ---------------------------------------------------------------- helpers

    @FunctionalInterface
    private interface ThrowingSupplier<T> {
        T get();
    }

    /** Something that ends the simulation with outcome aborted when thrown on the runner thread. */
    static final class AbortException extends RuntimeException {
        AbortException(String message) {
            super(message);
        }
    }

    private static final class Command<T> {
        final String name;
        final Set<Mode> allowedIn;
        final ThrowingSupplier<T> action;
        final CompletableFuture<T> future = new CompletableFuture<>();

        Command(String name, Set<Mode> allowedIn, ThrowingSupplier<T> action) {
            this.name = name;
            this.allowedIn = allowedIn;
            this.action = action;
        }

        void run(Mode mode, SimState state) {
            if (!allowedIn.contains(mode)) {
                future.completeExceptionally(new CommandRefusedException(name, state, allowedCommands(mode)));
                return;
            }
            try {
                future.complete(action.get());
            } catch (AbortException e) {
                future.completeExceptionally(e);
                throw e;
            } catch (RuntimeException e) {
                future.completeExceptionally(e);
            }
        }

        void refuse(SimState state) {
            future.completeExceptionally(new CommandRefusedException(name, state, Set.of()));
        }
    }
}
