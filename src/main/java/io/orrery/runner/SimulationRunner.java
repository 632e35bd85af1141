package io.orrery.runner;

import com.google.protobuf.Message;
import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.HostedPlugins;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginEndpointRefusedException;
import io.orrery.plugin.PluginEndpoints;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.system.SystemsReport;
import io.orrery.topic.TopicBus;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulation server's one world, run through its whole life on one runner thread that owns the physics,
 * the plugins' host and all world state. Everything else posts commands, which the runner applies between steps
 * (at StepEnd) and answers through a future; a command the current state does not allow is refused naming the
 * state and the commands that are allowed.
 *
 * <p>The parts: a {@link CommandQueue}; the {@link WorldSession} (one loaded world, closed as a unit); the
 * {@link RunTransitions} (Cloe's machine and the triggers); the {@link RunLoop} (frames, steps, batches, run-to,
 * reset and reload); the {@link ResetCascade}; {@link WorldLoading}; the {@link SnapshotPublisher} that serves
 * readers on other threads; and {@link RunEnding}. This class is the API over them.
 */
public final class SimulationRunner {

    private static final Logger log = LoggerFactory.getLogger(SimulationRunner.class);

    /** How long a reader off the runner thread waits for a snapshot before it is told the runner is busy. */
    static final long SNAPSHOT_TIMEOUT_SECONDS = 10;

    private static final Set<SimState> LIVE = Command.LIVE;
    private static final Set<SimState> ANY = Command.ANY;

    private final WorldLoader loader;
    private final MonotonicClock clock;
    private final RunState state;
    private final CommandQueue commands;
    private final CommandPosts posts;
    private final TriggerRegistry triggers = new TriggerRegistry();
    private final SnapshotPublisher snapshots = new SnapshotPublisher();
    private final List<RunListener> listeners = new CopyOnWriteArrayList<>();
    private final CompletableFuture<RunResult> finished = new CompletableFuture<>();
    private final StepLoop stepLoop;
    private final RunCommands loop;
    private final Lockstep lockstep;
    private final String engine;
    private final Path operatorsWorld;
    private final PluginEndpoints endpoints;

    SimulationRunner(RunnerBuilder b) {
        this.loader = b.loader;
        this.commands = new CommandQueue(b.maxPendingCommands);
        this.engine = b.engine.name();
        this.clock = b.clock;
        this.state = new RunState(b.worldFile);
        this.operatorsWorld = b.worldFile;
        this.endpoints = new PluginEndpoints(b.pluginRegistry, b.allowedPluginEndpoints);
        for (TriggerSpec spec : b.settings.triggers()) {
            triggers.add(spec.parse(Trigger.SOURCE_CONFIG));
        }
        state.machine.addListener((from, to, event) -> {
            for (RunListener l : listeners) {
                l.onTransition(from, to, event);
            }
        });
        OutputGate output = new OutputGate(b.events);
        RunTransitions transitions = new RunTransitions(state, triggers, b.events, clock);
        ResetCascade cascade = new ResetCascade(state, output, b.events, snapshots, clock);
        this.posts = new CommandPosts(
                commands, state, b.pluginSettings.startTimeout().toNanos());
        WorldLoading loading = new WorldLoading(
                state,
                commands,
                cascade,
                b,
                output,
                (owner, topics) -> RunnerSeams.worldAccess(this, owner, topics),
                RunnerSeams.topicDriver(state, posts));
        RunTo runTo = new RunTo();
        RunEnding ending = new RunEnding(state, transitions, commands, snapshots, runTo, clock, listeners, finished);
        this.stepLoop = new StepLoop(
                state, commands, transitions, loading, b.settings, clock, snapshots, runTo, ending, this::status);
        this.loop = new RunCommands(
                state, transitions, cascade, loading, stepLoop, runTo, ending, snapshots, clock, this::status);
        this.lockstep = new Lockstep(state, loop, b.events);
        transitions.bind(loop.triggerActions());
    }

    /** A runner for the world in {@code worldFile}, read by {@code loader} and built by {@code engine}. */
    public static RunnerBuilder builder(WorldLoader loader, Path worldFile, PhysicsEngine engine) {
        return new RunnerBuilder(loader, worldFile, engine);
    }

    /** Adds a listener; call before {@link #start()}. */
    public void addListener(RunListener listener) {
        listeners.add(listener);
    }

    /** Starts the runner thread: it loads the world and runs it. */
    public synchronized void start() {
        if (state.thread != null) {
            throw new IllegalStateException("the runner has already been started");
        }
        Thread t = new Thread(stepLoop::run, "orrery-runner");
        // The last net: the loop ends every run it can; should ending it fail too, the death is named, never silent
        t.setUncaughtExceptionHandler((thread, e) -> {
            state.died("the runner thread died: " + ResetCascade.describe(e));
            log.error("The runner thread died without an outcome: {}", ResetCascade.describe(e), e);
            finished.completeExceptionally(e);
        });
        state.thread = t;
        t.start();
    }

    /** Completes with the result once the run has ended (Disconnect). */
    public CompletableFuture<RunResult> finished() {
        return finished;
    }

    /** True while the runner thread is alive. */
    public boolean isRunning() {
        Thread t = state.thread;
        return t != null && t.isAlive();
    }

    // ---------------------------------------------------------------- lifecycle commands

    /** Pauses at the end of the current step; inside a step batch, ends the batch there. */
    public CompletableFuture<SimulationStatus> pause() {
        return posts.post(SimCommand.PAUSE, Command.Kind.INTERRUPT, posts.unlessHeld("pause", loop::pause));
    }

    /** Resumes a paused simulation, with no jump in pacing. */
    public CompletableFuture<SimulationStatus> resume() {
        return posts.post(SimCommand.RESUME, posts.unlessHeld("resume", loop::resume));
    }

    /**
     * Stops the simulation with outcome stopped at the next StepEnd (inside a step batch too, and while the world
     * loads); it disconnects and the world is closed.
     */
    public CompletableFuture<SimulationStatus> stop() {
        return posts.post(SimCommand.STOP, Command.Kind.INTERRUPT, () -> {
            state.requestStop(io.orrery.lifecycle.Outcome.STOPPED);
            return status();
        });
    }

    /**
     * Resets the world to its loaded state and goes on as it was (running or paused), answering once the plugins of
     * models it restored have started. Refused while another reset is under way. A component that cannot restart ends the run with outcome aborted, naming it.
     */
    public CompletableFuture<SimulationStatus> reset() {
        if (state.resetting) {
            return CompletableFuture.failedFuture(
                    new CommandRefusedException("reset (a reset is already under way)", SimState.RESET, Set.of()));
        }
        return posts.joining(SimCommand.RESET, posts.unlessHeld("reset", loop::resetWorld));
    }

    /**
     * Loads the world again from {@code file} (or the current file), picking up edits to it. The file is parsed here,
     * on the caller's thread, and built on the runner's: if either fails, the future fails with the error and the
     * running world goes on untouched, as it does when a file other than the one the runner was built with holds a
     * plugin that would connect to a host not allowed ({@link PluginEndpoints}). Then the old world closes and the new
     * one starts as at load; if its required plugins fail to start, the outcome is no-start; a stop meanwhile makes it
     * stopped.
     */
    public CompletableFuture<SimulationStatus> reload(Optional<Path> file) {
        Path target = file.orElse(state.worldFile);
        WorldSpec spec;
        try {
            spec = loader.load(target);
            if (!isSameFile(target, operatorsWorld)) {
                endpoints.check(OwnedPluginSpec.of(spec, List.of()), "world file " + target);
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return posts.post(SimCommand.RELOAD, posts.unlessHeld("reload", () -> loop.reload(spec, target)));
    }

    /** True when both name one file (after links); a file that cannot be read is no one's. */
    private static boolean isSameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * While paused: runs {@code count} steps, then is paused again, and answers with the status after the steps
     * actually taken. Reads are served at every StepEnd; a stop or a pause ends the batch at the next StepEnd;
     * other commands wait until the batch has ended, so a resume or a second step cannot cut in.
     */
    public CompletableFuture<SimulationStatus> step(long count) {
        if (count < 1) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("count must be at least 1, got " + count));
        }
        return posts.post(SimCommand.STEP, posts.unlessHeld("step", () -> loop.runSteps(count)));
    }

    /**
     * A lockstep step for a controller that does not hold the simulation (HTTP): while paused, publishes the
     * request's messages at the start of the batch, runs its steps and answers with its observations at the last
     * StepEnd. Unknown topics or models fail it before anything is published.
     */
    public CompletableFuture<StepResult> step(StepRequest request) {
        return posts.post(SimCommand.STEP, posts.unlessHeld("step", () -> lockstep.step(request)));
    }

    /**
     * The latest message of each of {@code topics} and {@code models} as of the latest StepEnd, read off the runner
     * thread from the published snapshot (taking one if it is stale), so that many readers cost the loop no more
     * than one snapshot per step. Unknown topics and models fail it.
     */
    public CompletableFuture<StepResult> observe(List<String> topics, List<String> models) {
        try {
            TopicBus bus = topics().orElseThrow(() -> new IllegalStateException("no world is loaded yet"));
            WorldSnapshot snap = models.isEmpty() ? null : snapshot();
            return CompletableFuture.completedFuture(Lockstep.look(status(), snap, bus, topics, models));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    // ---------------------------------------------------------------- a controller in the loop

    /**
     * Makes the caller the controller (Cloe's StepController): the simulation pauses at the next StepEnd (a run-to
     * is cancelled) and is held. Until the handle is released, step, resume, reset, reload, run-to, the factor,
     * world edits and publishing from anyone else are refused with {@link ControlHeldException} naming
     * {@code holder}; reads and stop stay open; trigger actions that would resume, reset or change the factor are
     * held back. Refused the same way when another controller holds it.
     *
     * @param holder who is asking, as the refused are told (a connection's address, say)
     */
    public CompletableFuture<ControlHandle> acquireControl(String holder) {
        ControlHandle handle = new ControlHandle(holder, this);
        return posts.post("acquire", LIVE, Command.Kind.ORDINARY, () -> lockstep.acquire(handle));
    }

    /** Who holds the simulation, if anyone. */
    public Optional<String> controller() {
        ControlHandle h = state.controller;
        return h == null ? Optional.empty() : Optional.of(h.holder());
    }

    CompletableFuture<Void> releaseControl(ControlHandle handle, String reason) {
        if (state.controller != handle) {
            return CompletableFuture.completedFuture(null);
        }
        // never refused for room: a closing connection's hold must always be let go
        return posts.postUnbounded("release", ANY, () -> {
            lockstep.release(handle, reason);
            return null;
        });
    }

    /** True while {@code handle} holds the simulation. */
    boolean holds(ControlHandle handle) {
        return state.controller == handle;
    }

    /**
     * An operator's release of the controller's hold (its host died, say): at the next StepEnd whoever holds the
     * simulation lets go, and it stays paused; the holder's next step is refused. With {@code holder} given, only
     * that holder is released, else the release is refused with {@link ControlHeldException} naming who holds it
     * (so that a hold taken since the operator looked is not broken). Completes with the holder released, or
     * empty when nobody held the simulation. Never refused for room.
     */
    public CompletableFuture<Optional<String>> releaseController(Optional<String> holder) {
        return posts.postUnbounded("release", ANY, () -> lockstep.forceRelease(holder));
    }

    /**
     * A command of the holder {@code handle}: refused once it no longer holds the simulation. With {@code joins}
     * (a reset) its answer waits until the plugins of the models it restored have started.
     */
    <T> CompletableFuture<T> postForHolder(
            ControlHandle handle, String name, long steps, boolean joins, Function<Lockstep, T> action) {
        Set<SimState> allowed = steps > 0 ? Command.statesAccepting(SimCommand.STEP) : LIVE;
        Supplier<T> command = () -> {
            if (state.controller != handle) {
                throw new CommandRefusedException(
                        name + " (this controller no longer holds the simulation)",
                        state.currentState(),
                        allowedCommands());
            }
            return action.apply(lockstep);
        };
        return joins
                ? posts.joining(name, allowed, command)
                : posts.post(name, allowed, Command.Kind.ORDINARY, command);
    }

    /** Runs until sim time reaches {@code targetNanos}, then pauses; completes when it has. */
    public CompletableFuture<SimulationStatus> runTo(long targetNanos) {
        CompletableFuture<SimulationStatus> done = new CompletableFuture<>();
        return posts.post(SimCommand.RUN_TO, posts.unlessHeld("run-to", () -> {
                    loop.runTo(targetNanos, done);
                    return null;
                }))
                .thenCompose(ignored -> done);
    }

    /** Changes the target real-time factor (0 = as fast as possible) with no jump. */
    public CompletableFuture<SimulationStatus> setRealTimeFactor(double factor) {
        if (!(factor >= 0) || Double.isInfinite(factor)) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("real-time factor must be a finite number at least 0, got " + factor));
        }
        return posts.post(
                SimCommand.REAL_TIME_FACTOR, posts.unlessHeld("real-time-factor", () -> loop.setFactor(factor)));
    }

    // ---------------------------------------------------------------- world edits

    /**
     * Adds a model (pose in the world frame); its plugins start and are tracked, and the answer comes once they have
     * started. The model takes part in no step before its plugin systems are bound. A plugin that would connect to a
     * host not allowed ({@link PluginEndpoints}) fails the future and nothing is added.
     */
    public CompletableFuture<ModelState> spawn(ModelSpec model) {
        return spawn(model, Optional.empty());
    }

    /**
     * Adds a model read from an SDF snippet; the snippet is kept so a world save writes the model as the user
     * wrote it (visuals and sensors included).
     */
    public CompletableFuture<ModelState> spawn(ModelSpec model, Optional<String> snippet) {
        try {
            endpoints.check(OwnedPluginSpec.ofModel(model), "spawned model '" + model.name() + "'");
        } catch (PluginEndpointRefusedException e) {
            return CompletableFuture.failedFuture(e);
        }
        return posts.joining(
                SimCommand.SPAWN,
                posts.unlessHeld("spawn", () -> loop.edited(state.session.edits.spawn(model, snippet))));
    }

    /** Removes a model; its plugins end. */
    public CompletableFuture<Void> remove(String model) {
        return posts.post(SimCommand.REMOVE, posts.unlessHeld("remove", () -> {
            state.session.edits.remove(model);
            return loop.edited(null);
        }));
    }

    /** Teleports a model: pose set and transforms synced at once. */
    public CompletableFuture<ModelState> teleport(String model, Pose pose) {
        return posts.post(
                SimCommand.TELEPORT,
                posts.unlessHeld("teleport", () -> loop.edited(state.session.edits.teleport(model, pose))));
    }

    /** Makes a model static or dynamic. */
    public CompletableFuture<ModelState> setStatic(String model, boolean isStatic) {
        return posts.post(
                SimCommand.SET_STATIC,
                posts.unlessHeld("set-static", () -> loop.edited(state.session.edits.setStatic(model, isStatic))));
    }

    /**
     * Runs {@code action} on the runner thread with the physics world, between steps. The world must not escape
     * the action. Accepted while loading too, so plugins can use the world from their start.
     */
    public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
        return submit(name, action, () -> state.session);
    }

    /** Runs {@code action} on the world of {@code owner}, refused once that world is no longer the loaded one. */
    <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action, Supplier<WorldSession> owner) {
        return posts.post(name, ANY, Command.Kind.ORDINARY, () -> {
            WorldSession s = state.session;
            if (s == null) {
                throw new IllegalStateException("the world is not built yet");
            }
            if (s != owner.get()) {
                throw new IllegalStateException(
                        "'" + name + "' refused: it was posted for a world that has been" + " unloaded since");
            }
            return loop.edited(action.apply(s.physics));
        });
    }

    // ---------------------------------------------------------------- topics

    /**
     * Publishes {@code message} on {@code topic} of the current world's bus. From any thread but the runner's this
     * is a command, applied at StepEnd while running or paused (held while the world loads) and answered once the
     * subscribers have it; on the runner thread (a system) they get it at once. A reset or a reload before it is
     * applied drops it, so nothing reaches the next episode; a reload drops it too, and a controller holding the
     * simulation refuses it ({@link ControlHeldException}). Fails at once for an unknown topic
     * ({@link io.orrery.topic.UnknownTopicException}) or a message of another type (IllegalArgumentException).
     */
    public CompletableFuture<Void> publish(String topic, Message message) {
        WorldSession s = state.session;
        if (s == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("no world is loaded yet"));
        }
        if (state.onRunnerThread()) {
            try {
                return s.topics.publish(topic, message);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        ControlHandle held = state.controller;
        if (held != null) { // refused at once, so the caller hears it; checked again where it is applied
            return CompletableFuture.failedFuture(
                    new ControlHeldException("publish", held.holder(), state.currentState(), RunState.HELD_COMMANDS));
        }
        try {
            s.topics.check(topic, message); // fails at once for a topic or type that cannot be published
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        // Applied on the runner thread, where the bus delivers at once: refused while a controller holds the
        // simulation, dropped when the world it was meant for has been unloaded since.
        return posts.post("publish", LIVE, Command.Kind.ORDINARY, posts.unlessHeld("publish", () -> {
            if (state.session == s) {
                s.topics.publish(topic, message);
            }
            return null;
        }));
    }

    /** The current world's topic bus, safe from any thread; empty before a world is loaded. */
    public Optional<TopicBus> topics() {
        WorldSession s = state.session;
        return s == null ? Optional.empty() : Optional.of(s.topics);
    }

    /**
     * The world as loaded and its state now, for writing it back to SDF: every model's pose and static flag,
     * models spawned since the load with their snippets, removed ones absent. Served inside step batches too.
     */
    public CompletableFuture<SavedWorld> captureForSave() {
        return posts.post("save", LIVE, Command.Kind.READ, () -> state.session.edits.capture());
    }

    /**
     * The world as it is now. Off the runner thread, the published snapshot when nothing has changed since it
     * was taken, else one taken at the next StepEnd (inside step batches too); after the end of the run, the
     * world as it ended.
     *
     * @throws IllegalStateException when the runner does not take one within {@value #SNAPSHOT_TIMEOUT_SECONDS} s
     */
    public WorldSnapshot snapshot() {
        if (state.onRunnerThread()) {
            return loop.takeSnapshot();
        }
        WorldSession s = state.session;
        Optional<WorldView> round = s == null ? Optional.empty() : s.systems.postUpdateView();
        if (round.isPresent()) {
            // A PostUpdate system on a pool thread: the runner thread waits for it, so it cannot take the snapshot.
            return loop.takeSnapshotDuringPostUpdate(s, round.get());
        }
        Optional<WorldSnapshot> current = snapshots.current();
        if (current.isPresent()) {
            return current.get();
        }
        CompletableFuture<WorldSnapshot> taken = posts.post("snapshot", ANY, Command.Kind.READ, loop::takeSnapshot);
        try {
            return taken.get(SNAPSHOT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a snapshot", e);
        } catch (ExecutionException e) {
            // Refused: the run has ended, and the last snapshot published is the world as it ended.
            return snapshots
                    .last()
                    .orElseGet(() -> WorldSnapshot.empty(worldName().orElse("")));
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "the runner took no snapshot within " + SNAPSHOT_TIMEOUT_SECONDS + " s (state " + currentState()
                            + ")",
                    e);
        }
    }

    // ---------------------------------------------------------------- queries

    /** The trigger registry (thread-safe): add triggers, read the list and the history. */
    public TriggerRegistry triggers() {
        return triggers;
    }

    /** Every plugin's status, safe from any thread. */
    public List<PluginStatus> pluginStatuses() {
        return pluginHost().map(HostedPlugins::statuses).orElse(List.of());
    }

    /**
     * The current world's systems in execution order per phase, with their timings over the last second, as the
     * runner last published them; safe from any thread, and empty before a world is loaded.
     */
    public SystemsReport systems() {
        WorldSession s = state.session;
        return s == null ? SystemsReport.EMPTY : s.systems.report();
    }

    /** Plugins started out of plugins tracked, safe from any thread. */
    public StartProgress pluginProgress() {
        return pluginHost().map(HostedPlugins::progress).orElse(new StartProgress(0, 0, false));
    }

    /** The world as read from its file (records, not its state now), safe from any thread; empty before it loaded. */
    public Optional<WorldSpec> loadedWorld() {
        WorldSession s = state.session;
        return s == null ? Optional.empty() : Optional.of(s.spec);
    }

    /** The current world's plugins as the surfaces see them, for their commands; empty before it loaded. */
    public Optional<HostedPlugins> pluginHost() {
        WorldSession s = state.session;
        return s == null ? Optional.empty() : Optional.of(s.plugins);
    }

    /**
     * When the loop last made progress (a step, a paused cycle or a command round), on the runner's clock; a
     * watchdog compares it with now.
     */
    public long lastProgressNanos() {
        return state.lastProgressNanos;
    }

    /** The runner's monotonic clock, for comparing with {@link #lastProgressNanos()}. */
    public MonotonicClock clock() {
        return clock;
    }

    /** Time spent in each step phase since the start, safe from any thread (for metrics). */
    public PhaseTimes phaseTimes() {
        return state.phaseTimes;
    }

    /** True while a reset or a reload is under way. */
    public boolean isResetting() {
        return state.resetting;
    }

    /** The commands accepted in the current state. */
    public Set<String> allowedCommands() {
        return state.allowedCommands();
    }

    /** A snapshot of the simulation's state, safe from any thread. */
    public SimulationStatus status() {
        WorldSession s = state.session;
        return new SimulationStatus(
                currentState(),
                currentState(),
                Optional.ofNullable(state.outcome()),
                Optional.ofNullable(state.message()),
                s == null ? 0 : s.simTimeNanos(),
                s == null ? 0 : s.iterations(),
                s == null ? 0 : s.stepNanos,
                s == null ? 0 : s.targetFactor(),
                s == null ? 0 : s.statistics.snapshot().achievedFactorWindow(),
                state.paused(),
                worldName(),
                state.worldFile,
                engine,
                controller(),
                Optional.ofNullable(state.physicsFailure()));
    }

    /** The latest published statistics (every 100 steps and at pause), safe from any thread. */
    public StatisticsSnapshot statistics() {
        WorldSession s = state.session;
        return s == null ? StatisticsSnapshot.EMPTY : s.statistics.snapshot();
    }

    /** The lifecycle state; while stepping, the phase the loop is in. */
    public SimState currentState() {
        return state.currentState();
    }

    /** The loop's current phase: the lifecycle state, or while stepping, the phase of the step. */
    public SimState phase() {
        return state.currentState();
    }

    private Optional<String> worldName() {
        WorldSession s = state.session;
        return s == null ? Optional.empty() : Optional.of(s.name());
    }
}
