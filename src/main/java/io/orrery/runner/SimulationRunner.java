package io.orrery.runner;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.UnknownModelException;
import io.orrery.plugin.EventSink;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginError;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginHost;
import io.orrery.plugin.PluginHostOptions;
import io.orrery.plugin.PluginLifecycleListener;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.plugin.WorldAccess;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.system.Configure;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.SystemManager;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;
import io.orrery.trigger.FiredTrigger;
import io.orrery.trigger.LifecycleEventKind;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerAction;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulation loop. One runner thread owns the physics world, the plugins' host and all world state;
 * everything else posts commands, which the runner applies between steps (at StepEnd) and answers through a
 * future.
 *
 * <p>The state machine holds the lifecycle state; the loop holds the per-step phase. While running the machine
 * rests in StepBegin and the loop cycles StepBegin, StepSimulator, StepController, StepEnd in a field, so a
 * step costs no state-machine events. Lifecycle changes (pause, stop, reset, reload, abort) walk the machine
 * along Cloe's edges from wherever it rests.
 *
 * <p>Loading follows CLOiSim: parse, build the bodies with physics held still, bind the plugin start tracker,
 * run an initial reset, wait until every plugin has started, then Start. A reload parses the new file first, on
 * the caller's thread: a file that does not parse leaves the running world untouched.
 */
public final class SimulationRunner {

    private static final Logger log = LoggerFactory.getLogger(SimulationRunner.class);

    /** How often systems are called while paused (with dt 0), and how long a paused loop waits for a command. */
    static final long PAUSED_UPDATE_PERIOD_NANOS = 10_000_000;

    /** How long a plugin thread waits for the runner to take a snapshot before giving up. */
    static final long SNAPSHOT_TIMEOUT_SECONDS = 10;

    private enum Mode {
        LOADING, RUNNING, PAUSED, DONE
    }

    private final WorldLoader loader;
    private final PhysicsEngine engine;
    private final Supplier<List<SystemRegistration>> systems;
    private final PluginRegistry pluginRegistry;
    private final PluginSettings pluginSettings;
    private final RunnerSettings settings;
    private final MonotonicClock clock;
    private final Sleeper sleeper;
    private final EventSink events;
    private final List<RunListener> listeners = new ArrayList<>();
    private final LinkedBlockingQueue<Command<?>> commands = new LinkedBlockingQueue<>();
    private final ArrayDeque<Command<?>> deferred = new ArrayDeque<>();
    private final TriggerRegistry triggers = new TriggerRegistry();
    private final CompletableFuture<RunResult> finished = new CompletableFuture<>();
    private final SimulationMachine machine = SimulationMachine.create();
    private final OutputGate output;
    private final EventSink rawEvents;

    /** The event topic of a fired trigger ({@link FiredTrigger}). */
    public static final String TOPIC_TRIGGER = "trigger";

    /** The event topic of the reset signal: a {@link ResetSignal} when a reset or reload begins. */
    public static final String TOPIC_RESET = "reset";

    // Owned by the runner thread.
    private PhysicsWorld physics;
    private SystemManager systemManager;
    private PluginHost plugins;
    private RealTimePacer pacer;
    private Statistics statistics;
    private WorldSpec world;
    private final Map<String, Spawned> spawned = new LinkedHashMap<>();
    private final Set<String> removedLoaded = new LinkedHashSet<>();
    private final Map<Plugin, Object> pluginSystems = new LinkedHashMap<>();
    private final Map<String, PluginSpec> pluginSpecs = new java.util.concurrent.ConcurrentHashMap<>();
    private long wallStartNanos;
    private long firstStepWallNanos = -1;
    private long paddingNanos;
    private boolean holdCommands;
    private long runToNanos = -1;
    private CompletableFuture<SimulationStatus> runToDone;
    private Outcome requestedStop;
    private WorldSnapshot snapshot;

    // Read from any thread.
    private volatile Mode mode = Mode.LOADING;
    private volatile SimState phase = SimState.CONNECT;
    private volatile long simTimeNanos;
    private volatile long iterations;
    private volatile long stepNanos;
    private volatile long worldVersion;
    private volatile double targetFactor;
    private volatile Outcome outcome;
    private volatile String message;
    private volatile String worldName;
    private volatile Path worldFile;
    private volatile boolean resetting;
    private volatile PluginHost publishedPlugins;
    private volatile Thread thread;
    private volatile long lastProgressNanos;
    private final PhaseTimes phaseTimes = new PhaseTimes();

    private SimulationRunner(Builder b) {
        this.loader = b.loader;
        this.worldFile = b.worldFile;
        this.engine = b.engine;
        this.systems = b.systems;
        this.pluginRegistry = b.pluginRegistry;
        this.pluginSettings = b.pluginSettings;
        this.settings = b.settings;
        this.clock = b.clock;
        this.sleeper = b.sleeper;
        this.rawEvents = b.events;
        this.output = new OutputGate(b.events);
        this.events = output;
        for (TriggerSpec spec : settings.triggers()) {
            triggers.add(spec.parse(Trigger.SOURCE_CONFIG));
        }
        machine.addListener((from, to, event) -> {
            for (RunListener l : listeners) {
                l.onTransition(from, to, event);
            }
        });
    }

    /** A runner for the world in {@code worldFile}, read by {@code loader} and built by {@code engine}. */
    public static Builder builder(WorldLoader loader, Path worldFile, PhysicsEngine engine) {
        return new Builder(loader, worldFile, engine);
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

    // ---------------------------------------------------------------- lifecycle commands

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
        return post("stop", EnumSet.of(Mode.LOADING, Mode.RUNNING, Mode.PAUSED), () -> {
            requestStop(Outcome.STOPPED);
            return status();
        });
    }

    /**
     * Resets the world to its loaded state and goes on as it was (running or paused). Refused while another
     * reset is under way.
     */
    public CompletableFuture<SimulationStatus> reset() {
        if (resetting) {
            return CompletableFuture.failedFuture(new CommandRefusedException("reset (a reset is already under way)",
                    SimState.RESET, Set.of()));
        }
        return post("reset", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            doReset();
            return status();
        });
    }

    /**
     * Loads the world again from {@code file} (or the current file), picking up edits to it. The file is parsed
     * here, on the caller's thread: if it does not parse, the future fails with the reader's error and the
     * running world is untouched. Once it parses, the runner builds it while the old world still runs, then
     * ends the old world's plugins and destroys its physics; if the new world's required plugins then fail to
     * start, the outcome is no-start.
     */
    public CompletableFuture<SimulationStatus> reload(Optional<Path> file) {
        Path target = file.orElse(worldFile);
        WorldSpec spec;
        try {
            spec = loader.load(target);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return post("reload", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            doReload(spec, target);
            return status();
        });
    }

    /**
     * While paused: runs {@code count} steps, then is paused again; completes after the steps have run. The steps
     * run as one command: other commands wait until they are done, so a resume or a second step cannot cut in.
     */
    public CompletableFuture<SimulationStatus> step(long count) {
        if (count < 1) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("count must be at least 1, got "
                    + count));
        }
        return post("step", EnumSet.of(Mode.PAUSED), () -> runSteps(count));
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

    // ---------------------------------------------------------------- world edits

    /** Adds a model (pose in the world frame); its plugins start and are tracked. */
    public CompletableFuture<ModelState> spawn(ModelSpec model) {
        return spawn(model, Optional.empty());
    }

    /**
     * Adds a model read from an SDF snippet; the snippet is kept so a world save writes the model as the user
     * wrote it (visuals and sensors included).
     */
    public CompletableFuture<ModelState> spawn(ModelSpec model, Optional<String> snippet) {
        return post("spawn", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            physics.addModel(model);
            spawned.put(model.name(), new Spawned(model, snippet));
            worldVersion++;
            startModelPlugins(model);
            plugins.broadcast(new PluginEvent.ModelAdded(model.name()));
            return physics.model(model.name()).orElseThrow();
        });
    }

    /** Removes a model; its plugins end. */
    public CompletableFuture<Void> remove(String model) {
        return post("remove", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            if (physics.model(model).isEmpty()) {
                throw new UnknownModelException(model);
            }
            logPluginErrors(plugins.removeModelPlugins(model));
            physics.removeModel(model);
            if (spawned.remove(model) == null) {
                removedLoaded.add(model);
            }
            worldVersion++;
            plugins.broadcast(new PluginEvent.ModelRemoved(model));
            return null;
        });
    }

    /** Teleports a model: pose set and transforms synced at once. */
    public CompletableFuture<ModelState> teleport(String model, Pose pose) {
        return post("teleport", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            physics.setModelPose(model, pose);
            worldVersion++;
            return physics.model(model).orElseThrow();
        });
    }

    /** Makes a model static or dynamic. */
    public CompletableFuture<ModelState> setStatic(String model, boolean isStatic) {
        return post("set-static", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            physics.setStatic(model, isStatic);
            worldVersion++;
            return physics.model(model).orElseThrow();
        });
    }

    /**
     * Runs {@code action} on the runner thread with the physics world, between steps. The world must not escape
     * the action. Accepted while loading too, so plugins can use the world from their start.
     */
    public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
        return post(name, EnumSet.of(Mode.LOADING, Mode.RUNNING, Mode.PAUSED), () -> {
            if (physics == null) {
                throw new IllegalStateException("the world is not built yet");
            }
            T result = action.apply(physics);
            worldVersion++;
            return result;
        });
    }

    /**
     * The world as loaded and its state now, for writing it back to SDF: every model's pose and static flag,
     * models spawned since the load with their snippets, removed ones absent.
     */
    public CompletableFuture<SavedWorld> captureForSave() {
        return post("save", EnumSet.of(Mode.RUNNING, Mode.PAUSED), () -> {
            List<ModelSnapshot> models = new ArrayList<>();
            for (String name : physics.modelNames()) {
                ModelState m = physics.model(name).orElseThrow();
                Spawned s = spawned.get(name);
                models.add(s == null ? ModelSnapshot.loaded(name, m.pose(), m.isStatic())
                        : new ModelSnapshot(name, m.pose(), m.isStatic(), Optional.of(s.spec()), s.snippet()));
            }
            return new SavedWorld(world, new WorldState(world.guiCameraPose(), models, Optional.empty()));
        });
    }

    /**
     * A world to write back to SDF.
     *
     * @param loaded the world as loaded (its document is the base)
     * @param state its state now
     */
    public record SavedWorld(WorldSpec loaded, WorldState state) {
    }

    /**
     * The reset signal external bridges receive when a reset begins.
     *
     * @param world the world's name
     * @param simTime the sim time it was reset from, in seconds
     */
    public record ResetSignal(String world, double simTime) {
    }

    /** A model spawned at runtime, with the snippet it came from when there was one. */
    private record Spawned(ModelSpec spec, Optional<String> snippet) {
    }

    /** The world as it is now, taken between steps. From the runner thread itself it is taken directly. */
    public WorldSnapshot snapshot() {
        if (Thread.currentThread() == thread) {
            return takeSnapshot();
        }
        WorldSnapshot cached = snapshotCache;
        if (cached != null && cachedVersion == versionNow()) {
            return cached;
        }
        try {
            return post("snapshot", EnumSet.of(Mode.LOADING, Mode.RUNNING, Mode.PAUSED), this::takeSnapshot)
                    .get(SNAPSHOT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a snapshot", e);
        } catch (ExecutionException | TimeoutException e) {
            WorldSnapshot last = snapshotCache;
            if (last != null) {
                return last;
            }
            return WorldSnapshot.empty(worldName == null ? "" : worldName);
        }
    }

    private volatile WorldSnapshot snapshotCache;
    private volatile long cachedVersion = -1;

    private long versionNow() {
        return worldVersion * 31 + iterations;
    }

    private WorldSnapshot takeSnapshot() {
        if (snapshot == null || snapshot.iteration() != iterations || cachedVersion != versionNow()) {
            snapshot = physics == null ? WorldSnapshot.empty(worldName == null ? "" : worldName)
                    : WorldSnapshot.capture(worldName, iterations, simTimeNanos, physics);
            cachedVersion = versionNow();
            snapshotCache = snapshot;
        }
        return snapshot;
    }

    // ---------------------------------------------------------------- queries

    /** The trigger registry (thread-safe): add triggers, read the list and the history. */
    public TriggerRegistry triggers() {
        return triggers;
    }

    /** Every plugin's status, safe from any thread. */
    public List<PluginStatus> pluginStatuses() {
        PluginHost host = publishedPlugins;
        return host == null ? List.of() : host.statuses();
    }

    /** Plugins started out of plugins tracked, safe from any thread. */
    public StartProgress pluginProgress() {
        PluginHost host = publishedPlugins;
        return host == null ? new StartProgress(0, 0, false) : host.progress();
    }

    /** The plugin host of the current world, for commands and listeners; empty before it loaded. */
    public Optional<PluginHost> pluginHost() {
        return Optional.ofNullable(publishedPlugins);
    }

    /**
     * When the loop last made progress (a step, a paused iteration or a command round), on the runner's clock;
     * a watchdog compares it with now.
     */
    public long lastProgressNanos() {
        return lastProgressNanos;
    }

    /** The runner's monotonic clock, for comparing with {@link #lastProgressNanos()}. */
    public MonotonicClock clock() {
        return clock;
    }

    /** Time spent in each step phase since the start, safe from any thread (for metrics). */
    public PhaseTimes phaseTimes() {
        return phaseTimes;
    }

    /** True while a reset or a reload is under way. */
    public boolean isResetting() {
        return resetting;
    }

    /** The commands accepted in the current state. */
    public Set<String> allowedCommands() {
        return allowedCommands(mode);
    }

    private static Set<String> allowedCommands(Mode m) {
        return switch (m) {
            case RUNNING -> new LinkedHashSet<>(List.of("pause", "stop", "reset", "reload", "run-to",
                    "real-time-factor", "spawn", "remove", "teleport", "set-static"));
            case PAUSED -> new LinkedHashSet<>(List.of("resume", "step", "stop", "reset", "reload", "run-to",
                    "real-time-factor", "spawn", "remove", "teleport", "set-static"));
            case LOADING -> new LinkedHashSet<>(List.of("stop"));
            case DONE -> Set.of();
        };
    }

    /** A snapshot of the simulation's state, safe from any thread. */
    public SimulationStatus status() {
        Statistics stats = statistics;
        return new SimulationStatus(currentState(), phase, Optional.ofNullable(outcome), Optional.ofNullable(message),
                simTimeNanos, iterations, stepNanos, targetFactor,
                stats == null ? 0 : stats.snapshot().achievedFactorWindow(), mode == Mode.PAUSED,
                Optional.ofNullable(worldName), worldFile);
    }

    /** The latest published statistics (every 100 steps and at pause), safe from any thread. */
    public StatisticsSnapshot statistics() {
        Statistics stats = statistics;
        return stats == null ? StatisticsSnapshot.EMPTY : stats.snapshot();
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

    private <T> CompletableFuture<T> post(String name, Set<Mode> allowedIn, Supplier<T> action) {
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

    // ---------------------------------------------------------------- the loop

    private void run() {
        machine.bindTo(Thread.currentThread());
        wallStartNanos = clock.nanoTime();
        try {
            load(loader.load(worldFile));
            startPlugins();
        } catch (StoppedWhileLoading e) {
            stopWhileLoading();
            return;
        } catch (RuntimeException | Error e) {
            log.error("World did not start: {}", describe(e));
            machine.fire(SimEvent.ABORT);
            finish(Outcome.NO_START, describe(e));
            return;
        }
        try {
            begin(settings.startPaused());
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
        } catch (StoppedWhileLoading e) {
            stopWhileLoading();
        } catch (RuntimeException | Error e) {
            abort(e);
        }
    }

    /** A stop asked for while the world loads (SIGTERM during start-up) is a stop, not a failure to start. */
    private void stopWhileLoading() {
        log.info("Stopped while the world was loading");
        requestedStop = null;
        stopWith(Outcome.STOPPED);
    }

    /** Builds the world's bodies (physics held still), its systems and its plugins' host, and resets once. */
    private void load(WorldSpec spec) {
        long step = settings.stepSizeNanos().orElse(Math.round(spec.physics().maxStepSize() * 1e9));
        if (step <= 0) {
            throw new IllegalArgumentException("world '" + spec.name() + "': the step size must be positive, got "
                    + spec.physics().maxStepSize() + " s");
        }
        PhysicsWorld built = engine.build(spec);
        world = spec;
        worldName = spec.name();
        physics = built;
        stepNanos = step;
        targetFactor = settings.realTimeFactor().orElse(spec.physics().realTimeFactor());
        simTimeNanos = 0;
        iterations = 0;
        worldVersion++;
        spawned.clear();
        removedLoaded.clear();
        systemManager = new SystemManager(settings.parallelPostUpdate());
        systemManager.add(new PhysicsStep());
        for (SystemRegistration r : systems.get()) {
            systemManager.add(r.system(), r.priority());
        }
        pacer = new RealTimePacer(clock, sleeper, stepNanos, targetFactor, settings.maxStepsPerFrame(),
                RealTimePacer.DEFAULT_SPIN_THRESHOLD_NANOS);
        statistics = new Statistics();
        List<OwnedPluginSpec> pluginSpecs = OwnedPluginSpec.of(spec, pluginSettings.alwaysOn());
        this.pluginSpecs.clear();
        for (OwnedPluginSpec p : pluginSpecs) {
            this.pluginSpecs.put(p.qualifiedName(), p.spec());
        }
        plugins = new PluginHost(pluginRegistry, pluginSpecs, worldAccess(),
                events, new PluginHostOptions(pluginSettings.startThreads(), pluginSettings.required(),
                        Clock.systemUTC()));
        plugins.addLifecycleListener(new PluginSystems());
        publishedPlugins = plugins;
        log.info("World '{}' loaded from {}: {} models, {} bodies, step {} ms, real-time factor {}", spec.name(),
                worldFile, spec.models().size(), physics.bodyCount(), stepNanos / 1e6, targetFactor);
    }

    /**
     * Binds the plugins to the start tracker and submits their starts, runs the initial reset (so plugins may
     * see a reset before their start has finished), then waits for AllStarted on a helper thread while applying
     * the world commands the starts may post (a plugin that waits on the world from its start would otherwise
     * never start).
     */
    private void startPlugins() {
        plugins.beginStart();
        resetCascade(false);
        CompletableFuture<Void> started = new CompletableFuture<>();
        Thread starter = new Thread(() -> {
            try {
                plugins.awaitStarted(pluginSettings.startTimeout());
                started.complete(null);
            } catch (Throwable t) {
                started.completeExceptionally(t);
            }
        }, "orrery-plugin-start");
        starter.setDaemon(true);
        starter.start();
        while (!started.isDone()) {
            try {
                Command<?> c = commands.poll(PAUSED_UPDATE_PERIOD_NANOS, TimeUnit.NANOSECONDS);
                if (c != null && c.allowedIn.contains(Mode.LOADING)) {
                    c.run(mode, currentState());
                } else if (c != null) {
                    deferred.add(c); // for the world once it runs, in the order they came
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for plugins to start");
            }
            if (requestedStop != null) {
                throw new StoppedWhileLoading();
            }
        }
        try {
            started.join();
        } catch (RuntimeException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
        plugins.broadcast(new PluginEvent.WorldLoaded(worldName));
    }

    private void begin(boolean paused) throws InterruptedException {
        machine.fire(SimEvent.START);
        fireLifecycleTriggers(LifecycleEventKind.START);
        logPluginErrors(plugins.broadcast(new PluginEvent.SimulationStarted()));
        driveTo(SimState.STEP_BEGIN);
        mode = Mode.RUNNING;
        startPacing();
        if (paused) {
            enterPause();
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
        long simulatorStart = clock.nanoTime();
        systemManager.runPreUpdate(info, physics);
        systemManager.runUpdate(info, physics);
        phase = SimState.STEP_CONTROLLER;
        long controllerStart = clock.nanoTime();
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
        if (!holdCommands) {
            applyCommands();
        }
        long stepEnd = clock.nanoTime();
        phaseTimes.record(simulatorStart - start, controllerStart - simulatorStart, end - controllerStart,
                stepEnd - end);
        lastProgressNanos = stepEnd;
        phase = SimState.STEP_BEGIN;
    }

    private void pausedIteration() throws InterruptedException {
        long now = clock.nanoTime();
        lastProgressNanos = now;
        UpdateInfo info = new UpdateInfo(simTimeNanos, now - wallStartNanos, 0, iterations, true);
        systemManager.runPreUpdate(info, physics);
        systemManager.runUpdate(info, physics);
        systemManager.runPostUpdate(info, physics);
        Command<?> first = commands.poll(PAUSED_UPDATE_PERIOD_NANOS, TimeUnit.NANOSECONDS);
        if (first != null) {
            first.run(mode, currentState());
        }
        applyCommands();
    }

    /**
     * Pause → Resume → StepBegin, N unpaced steps with commands held back, then back to Pause. A trigger or a stop
     * condition may end the batch early (a pause trigger, a fail trigger).
     */
    private SimulationStatus runSteps(long count) {
        machine.fire(SimEvent.RESUME);
        machine.fire(SimEvent.STEP_BEGIN);
        mode = Mode.RUNNING;
        statistics.start(clock.nanoTime(), simTimeNanos);
        holdCommands = true;
        try {
            for (long i = 0; i < count && mode == Mode.RUNNING && requestedStop == null; i++) {
                step();
            }
        } finally {
            holdCommands = false;
        }
        if (mode == Mode.RUNNING) {
            driveTo(SimState.PAUSE);
            mode = Mode.PAUSED;
            phase = SimState.PAUSE;
            statistics.pause(clock.nanoTime(), simTimeNanos);
        }
        return status();
    }

    private void applyCommands() {
        lastProgressNanos = clock.nanoTime();
        Command<?> c;
        while ((c = deferred.poll()) != null) {
            c.run(mode, currentState());
        }
        while ((c = commands.poll()) != null) {
            c.run(mode, currentState());
        }
        if (requestedStop != null && mode != Mode.DONE && mode != Mode.LOADING) {
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
        logPluginErrors(plugins.broadcast(new PluginEvent.Paused()));
    }

    private void leavePause() {
        driveTo(SimState.STEP_BEGIN);
        mode = Mode.RUNNING;
        phase = SimState.STEP_BEGIN;
        pacer.resume(simTimeNanos);
        statistics.start(clock.nanoTime(), simTimeNanos);
        fireLifecycleTriggers(LifecycleEventKind.RESUME);
        logPluginErrors(plugins.broadcast(new PluginEvent.Resumed()));
    }

    private void startPacing() {
        pacer.start(simTimeNanos);
        statistics.start(clock.nanoTime(), simTimeNanos);
    }

    private void applyRealTimeFactor(double factor) {
        targetFactor = factor;
        pacer.setRealTimeFactor(factor, simTimeNanos);
    }

    /** Stop → Reset → Start with the reset cascade in Reset, then on as before (running or paused). */
    private void doReset() {
        List<String> unsupported = systemManager.systemsNotSupportingReset();
        if (!unsupported.isEmpty()) {
            throw new AbortException("reset is not supported by " + String.join(", ", unsupported));
        }
        boolean wasPaused = mode == Mode.PAUSED;
        cancelRunTo("reset");
        driveTo(SimState.STOP);
        machine.fire(SimEvent.RESET);
        resetCascade(true);
        fireLifecycleTriggers(LifecycleEventKind.RESET);
        restart(wasPaused);
        log.info("World '{}' reset", worldName);
    }

    /**
     * CLOiSim's reset cascade: output paused, the reset signal to bridges, then the helpers (the world back to
     * its loaded bodies, poses and velocities, time zero), then the devices (the systems' Reset), then the
     * plugins. Output always resumes and the resetting flag always clears, whatever throws.
     */
    private void resetCascade(boolean resetWorld) {
        boolean alreadyResetting = resetting; // a reload stays "resetting" until its plugins have started
        resetting = true;
        output.pause();
        try {
            rawEvents.publish(TOPIC_RESET, new ResetSignal(worldName, simTimeNanos / 1e9));
            logPluginErrors(plugins.broadcast(new PluginEvent.Reset()));
            if (resetWorld) {
                for (String model : spawned.keySet()) {
                    logPluginErrors(plugins.removeModelPlugins(model));
                }
                physics.reset();
                for (String model : removedLoaded) {
                    world.model(model).ifPresent(this::startModelPlugins);
                }
                spawned.clear();
                removedLoaded.clear();
            }
            simTimeNanos = 0;
            iterations = 0;
            firstStepWallNanos = -1;
            worldVersion++;
            statistics.reset();
            // The initial reset (at load) resets what can be reset; a requested one was checked before it began.
            if (systemManager.systemsNotSupportingReset().isEmpty()) {
                systemManager.runReset(new UpdateInfo(0, clock.nanoTime() - wallStartNanos, 0, 0, false), physics);
            }
            logPluginErrors(plugins.resetAll());
        } finally {
            output.resume();
            resetting = alreadyResetting;
        }
    }

    /** A run-to aims at a sim time of the world as it was: a reset or reload sets time back, so it is cancelled. */
    private void cancelRunTo(String why) {
        if (runToDone != null) {
            runToDone.completeExceptionally(new CommandRefusedException("run-to (cancelled by a " + why + ")",
                    machine.state(), allowedCommands(mode)));
            runToDone = null;
        }
        runToNanos = -1;
    }

    private void restart(boolean paused) {
        machine.fire(SimEvent.START);
        driveTo(SimState.STEP_BEGIN);
        mode = Mode.RUNNING;
        phase = SimState.STEP_BEGIN;
        startPacing();
        if (paused) {
            enterPause();
        }
    }

    /**
     * A full reload: the new world is built first, so a build failure leaves the old one running; then the old
     * plugins end and the old physics is destroyed, and the new world loads as at start.
     */
    private void doReload(WorldSpec spec, Path file) {
        boolean wasPaused = mode == Mode.PAUSED;
        PhysicsWorld oldPhysics = physics;
        PluginHost oldPlugins = plugins;
        SystemManager oldSystems = systemManager;
        cancelRunTo("reload");
        driveTo(SimState.STOP);
        machine.fire(SimEvent.RESET);
        resetting = true;
        try {
            logPluginErrors(oldPlugins.broadcast(new PluginEvent.Stopped()));
            logPluginErrors(oldPlugins.endAll());
            oldPlugins.close();
            oldSystems.close();
            oldPhysics.close();
            pluginSystems.clear();
            worldFile = file;
            mode = Mode.LOADING;
            load(spec);
            startPlugins();
        } catch (StoppedWhileLoading e) {
            throw e;
        } catch (RuntimeException e) {
            resetting = false;
            throw new AbortException("reload of " + file + " failed: " + describe(e));
        } finally {
            resetting = false;
        }
        fireLifecycleTriggers(LifecycleEventKind.RESET);
        restart(wasPaused);
        log.info("World '{}' reloaded from {}", worldName, file);
    }

    private void stopWith(Outcome result) {
        driveTo(SimState.STOP);
        fireLifecycleTriggers(LifecycleEventKind.STOP);
        if (plugins != null) {
            logPluginErrors(plugins.broadcast(new PluginEvent.Stopped()));
        }
        finish(result, null);
    }

    private void abort(Throwable e) {
        String reason = e instanceof AbortException ? e.getMessage() : describe(e);
        log.error("Simulation aborted: {}", reason, e instanceof AbortException ? null : e);
        try {
            driveTo(SimState.ABORT);
        } catch (RuntimeException transitionFailure) {
            log.warn("Could not walk the state machine to Abort from {}", machine.state(), transitionFailure);
        }
        finish(Outcome.ABORTED, reason);
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** Ends the run: decides the outcome, ends the plugins, closes the world, disconnects, answers what is left. */
    private void finish(Outcome result, String why) {
        outcome = result;
        message = why;
        List<ModelState> models = new ArrayList<>();
        if (physics != null) {
            for (String name : physics.modelNames()) {
                physics.model(name).ifPresent(models::add);
            }
        }
        long wall = firstStepWallNanos < 0 ? 0 : clock.nanoTime() - firstStepWallNanos;
        StatisticsSnapshot stats = statistics == null ? StatisticsSnapshot.EMPTY : statistics.publish();
        List<PluginStatus> pluginStates = List.of();
        if (plugins != null) {
            logPluginErrors(plugins.endAll());
            pluginStates = plugins.statuses();
            plugins.close();
        }
        driveTo(SimState.DISCONNECT);
        mode = Mode.DONE;
        phase = SimState.DISCONNECT;
        if (systemManager != null) {
            systemManager.close();
        }
        if (physics != null) {
            physics.close();
        }
        failPending(runToDone);
        drainRefusing();
        RunResult runResult = new RunResult(result, Optional.ofNullable(why), Optional.ofNullable(worldName),
                worldFile, simTimeNanos, iterations, wall, stats.achievedFactorSinceStart(), stats, models,
                pluginStates);
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
        while (Thread.currentThread() == thread && (c = deferred.poll()) != null) {
            c.refuse(SimState.DISCONNECT);
        }
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

    // ---------------------------------------------------------------- plugins

    private void startModelPlugins(ModelSpec model) {
        List<OwnedPluginSpec> owned = OwnedPluginSpec.ofModel(model);
        for (OwnedPluginSpec p : owned) {
            pluginSpecs.put(p.qualifiedName(), p.spec());
        }
        List<PluginSpec> specs = owned.stream().map(OwnedPluginSpec::spec).toList();
        if (!specs.isEmpty()) {
            plugins.addModelPlugins(model.name(), specs);
        }
    }

    private static void logPluginErrors(List<PluginError> errors) {
        for (PluginError e : errors) {
            log.warn("Plugin '{}' failed in {}: {}", e.plugin(), e.phase(), describe(e.cause()));
        }
    }

    private WorldAccess worldAccess() {
        return new WorldAccess() {
            @Override
            public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
                return SimulationRunner.this.submit(name, action);
            }

            @Override
            public WorldSnapshot snapshot() {
                return SimulationRunner.this.snapshot();
            }
        };
    }

    /**
     * A plugin that also implements phase interfaces takes part in every step, like a Gazebo system plugin: once
     * started it is configured with its {@code <plugin>} element (if it implements Configure) and added to the
     * system manager on the runner thread at the element's priority, and removed when it ends. This is how a
     * world's {@code <plugin>} elements name systems.
     */
    private final class PluginSystems implements PluginLifecycleListener {

        @Override
        public void pluginStarted(PluginStatus status, Plugin plugin) {
            if (isSystem(plugin)) {
                post("register " + status.name(), EnumSet.of(Mode.LOADING, Mode.RUNNING, Mode.PAUSED), () -> {
                    if (!pluginSystems.containsKey(plugin)) {
                        PluginSpec spec = pluginSpecs.get(status.name());
                        if (plugin instanceof Configure c && spec != null) {
                            c.configure(spec);
                        }
                        systemManager.add(plugin, spec == null ? OptionalInt.empty() : spec.priority());
                        pluginSystems.put(plugin, plugin);
                    }
                    return null;
                });
            }
        }

        @Override
        public void pluginEnding(PluginStatus status, Plugin plugin) {
            if (pluginSystems.remove(plugin) != null) {
                if (Thread.currentThread() == thread) {
                    systemManager.remove(plugin);
                } else {
                    post("unregister " + status.name(), EnumSet.of(Mode.LOADING, Mode.RUNNING, Mode.PAUSED),
                            () -> systemManager.remove(plugin));
                }
            }
        }

        private boolean isSystem(Plugin plugin) {
            return plugin instanceof PreUpdate || plugin instanceof Update || plugin instanceof PostUpdate;
        }
    }

    // ---------------------------------------------------------------- triggers

    private void fireLifecycleTriggers(LifecycleEventKind kind) {
        List<TriggerAction> fired = triggers.onLifecycle(kind);
        if (!fired.isEmpty()) {
            apply(fired);
        }
    }

    /** Applies trigger actions on the runner thread, as a command would, and publishes what fired. */
    private void apply(List<TriggerAction> actions) {
        List<FiredTrigger> history = triggers.history();
        for (FiredTrigger f : history.subList(Math.max(0, history.size() - actions.size()), history.size())) {
            rawEvents.publish(TOPIC_TRIGGER, f);
        }
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

    /** A stop was asked for while the world's plugins were starting. */
    private static final class StoppedWhileLoading extends RuntimeException {
        StoppedWhileLoading() {
            super("stopped while waiting for plugins to start", null, false, false);
        }
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
        final Supplier<T> action;
        final CompletableFuture<T> future = new CompletableFuture<>();

        Command(String name, Set<Mode> allowedIn, Supplier<T> action) {
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

    /** Builds a {@link SimulationRunner}; everything but the world has a default. */
    public static final class Builder {
        private final WorldLoader loader;
        private final Path worldFile;
        private final PhysicsEngine engine;
        private Supplier<List<SystemRegistration>> systems = List::of;
        private PluginRegistry pluginRegistry = new PluginRegistry();
        private PluginSettings pluginSettings = PluginSettings.defaults();
        private RunnerSettings settings = RunnerSettings.defaults();
        private MonotonicClock clock = MonotonicClock.SYSTEM;
        private Sleeper sleeper = Sleeper.SYSTEM;
        private EventSink events = (topic, payload) -> {
        };

        private Builder(WorldLoader loader, Path worldFile, PhysicsEngine engine) {
            this.loader = loader;
            this.worldFile = worldFile;
            this.engine = engine;
        }

        /** Systems registered for every world, asked for when a world loads (so they may depend on the runner). */
        public Builder systems(Supplier<List<SystemRegistration>> registrations) {
            this.systems = registrations;
            return this;
        }

        /** The plugin types, by filename. */
        public Builder plugins(PluginRegistry registry, PluginSettings pluginSettingsToUse) {
            this.pluginRegistry = registry;
            this.pluginSettings = pluginSettingsToUse;
            return this;
        }

        public Builder settings(RunnerSettings runnerSettings) {
            this.settings = runnerSettings;
            return this;
        }

        /** The clock and sleeper pacing uses (real ones by default). */
        public Builder time(MonotonicClock monotonicClock, Sleeper sleeperToUse) {
            this.clock = monotonicClock;
            this.sleeper = sleeperToUse;
            return this;
        }

        /** Where plugins publish (and where the reset cascade pauses output). */
        public Builder events(EventSink sink) {
            this.events = sink;
            return this;
        }

        public SimulationRunner build() {
            return new SimulationRunner(this);
        }
    }
}
