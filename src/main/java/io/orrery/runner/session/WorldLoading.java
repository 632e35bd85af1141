package io.orrery.runner.session;

import io.orrery.device.DeviceKinds;
import io.orrery.device.Devices;
import io.orrery.event.EventSink;
import io.orrery.log.LogSafe;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.internal.PluginHost;
import io.orrery.plugin.internal.PluginHostOptions;
import io.orrery.plugin.internal.WorldAccess;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.pacing.RealTimePacer;
import io.orrery.runner.pacing.Sleeper;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerLog;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.runner.port.WorldLoader;
import io.orrery.system.SystemManager;
import io.orrery.system.SystemOrigin;
import io.orrery.system.WorldSystem;
import io.orrery.topic.BusDriver;
import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loading the CLOiSim way: a session is built with physics held still (bodies, systems, the plugins' host),
 * then its plugins are bound to the start tracker and started, the initial reset runs, and the loop waits for
 * AllStarted while it serves the commands plugins may post from their start. Runner thread.
 */
public final class WorldLoading {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    /** How long one wait for plugins or for commands lasts while loading (and while paused). */
    public static final long WAIT_PERIOD_NANOS = 10_000_000;

    /**
     * Serves the commands allowed while a world loads for up to {@code waitNanos}, deferring the others (the loop's
     * command queue, with the loop's way of running a command).
     */
    @FunctionalInterface
    public interface CommandsWhileLoading {
        void serve(long waitNanos) throws InterruptedException;
    }

    /**
     * What every world is built with.
     *
     * @param engine builds each world's physics
     * @param loader reads a world file
     * @param systems the systems registered for every world, asked for when a world loads
     * @param worldSystems the systems built for each world as it loads
     * @param deviceKinds the kinds of device sensors are built as
     * @param pluginRegistry the plugin types, by filename
     * @param pluginSettings the plugins every world gets, which are required, how they start
     * @param settings the run's settings
     * @param seed the seed of the sensors' noise
     */
    public record Parts(
            PhysicsEngine engine,
            WorldLoader loader,
            Supplier<List<SystemRegistration>> systems,
            List<WorldSystem> worldSystems,
            DeviceKinds deviceKinds,
            PluginRegistry pluginRegistry,
            PluginSettings pluginSettings,
            RunnerSettings settings,
            long seed) {}

    private final RunState state;
    private final ResetCascade cascade;
    private final Parts parts;
    private final MonotonicClock clock;
    private final Sleeper sleeper;
    private final EventSink pluginOutput;
    /** What a session's plugins reach, given that session (once built), its topic bus and its components. */
    private final AccessFactory worldAccess;

    private final BusDriver topicDriver;

    public WorldLoading(
            RunState state,
            ResetCascade cascade,
            Parts parts,
            MonotonicClock clock,
            Sleeper sleeper,
            EventSink pluginOutput,
            AccessFactory worldAccess,
            BusDriver topicDriver) {
        this.state = state;
        this.cascade = cascade;
        this.parts = parts;
        this.clock = clock;
        this.sleeper = sleeper;
        this.pluginOutput = pluginOutput;
        this.worldAccess = worldAccess;
        this.topicDriver = topicDriver;
    }

    /** Builds what one session's plugins reach of the runner. */
    @FunctionalInterface
    public interface AccessFactory {
        WorldAccess create(Supplier<WorldSession> owner, TopicBus topics, Components components);
    }

    /** Reads the world in {@code file} and builds its session: the first world the runner loads. */
    public WorldSession openFirst(Path file) {
        return open(parts.loader().load(file), file);
    }

    /**
     * Builds a session for {@code spec}: its bodies with physics held still, its systems, its topic bus, its devices
     * and its plugins' host, nothing started. Whatever was built is closed again if a later part fails.
     */
    public WorldSession open(WorldSpec spec, Path file) {
        long step = parts.settings()
                .stepSizeNanos()
                .orElse(Math.round(spec.physics().maxStepSize() * 1e9));
        if (step <= 0) {
            throw new IllegalArgumentException("world '" + spec.name() + "': the step size must be positive, got "
                    + spec.physics().maxStepSize() + " s");
        }
        double factor = parts.settings().realTimeFactor().orElse(spec.physics().realTimeFactor());
        PhysicsWorld physics = parts.engine().build(spec);
        SystemManager manager = null;
        Devices devices = null;
        try {
            manager = new SystemManager(parts.settings().parallelPostUpdate());
            // Plugins reach their own world and bus only: once unloaded, what they still submit is refused.
            AtomicReference<WorldSession> self = new AtomicReference<>();
            TopicBus topics = new TopicBus(topicDriver, () -> {
                WorldSession session = self.get();
                return session == null ? 0 : session.messageTimeNanos();
            });
            // the core's own systems (the physics step) first, as gz sim's server loads physics first
            for (WorldSystem w : parts.worldSystems()) {
                if (w.core()) {
                    manager.add(w.create(spec, topics), OptionalInt.empty(), "", SystemOrigin.builtIn(w.name()));
                }
            }
            for (SystemRegistration r : parts.systems().get()) {
                manager.add(r.system(), r.priority(), r.prioritySource(), r.origin());
            }
            Components components = new Components(state::onRunnerThread);
            PluginSystemBinding binding =
                    new PluginSystemBinding(manager, () -> self.get().episodeSeed());
            List<OwnedPluginSpec> owned =
                    OwnedPluginSpec.of(spec, parts.pluginSettings().alwaysOn());
            owned.forEach(binding::expect);
            devices = Devices.build(spec, topics, parts.seed(), parts.deviceKinds());
            manager.add(devices, OptionalInt.empty(), "", SystemOrigin.builtIn(Devices.LISTED_AS));
            for (WorldSystem w : parts.worldSystems()) {
                if (!w.core()) {
                    addWorldSystem(manager, w, spec, topics);
                }
            }
            PluginHost host = new PluginHost(
                    parts.pluginRegistry(),
                    owned,
                    worldAccess.create(self::get, topics, components),
                    pluginOutput,
                    new PluginHostOptions(
                            parts.pluginSettings().startThreads(),
                            parts.pluginSettings().required(),
                            Clock.systemUTC()));
            RealTimePacer pacer = new RealTimePacer(
                    clock,
                    sleeper,
                    step,
                    factor,
                    parts.settings().maxStepsPerFrame(),
                    parts.settings().maxCatchUpNanos(),
                    RealTimePacer.DEFAULT_SPIN_THRESHOLD_NANOS);
            WorldSession session = new WorldSession(
                    spec,
                    file,
                    physics,
                    manager,
                    devices,
                    host,
                    binding,
                    topics,
                    components,
                    pacer,
                    step,
                    factor,
                    parts.seed());
            self.set(session);
            log.info(
                    "World '{}' loaded from {}: {} models, {} bodies, step {} ms, real-time factor {}",
                    LogSafe.of(spec.name()),
                    LogSafe.of(file),
                    spec.models().size(),
                    physics.bodyCount(),
                    step / 1e6,
                    factor);
            return session;
        } catch (RuntimeException | Error e) {
            if (devices != null) {
                devices.close();
            }
            if (manager != null) {
                manager.close();
            }
            physics.close();
            throw e;
        }
    }

    /** A system every world gets, unless this world cannot have it (which is logged, and the world loads on). */
    private static void addWorldSystem(SystemManager manager, WorldSystem w, WorldSpec spec, TopicBus topics) {
        Object system;
        try {
            system = w.create(spec, topics);
        } catch (IllegalArgumentException e) {
            log.info(
                    "World '{}' runs without the {} system: {}",
                    LogSafe.of(spec.name()),
                    w.name(),
                    LogSafe.of(e.getMessage()));
            return;
        }
        manager.add(system, OptionalInt.empty(), "", SystemOrigin.builtIn(w.name()));
    }

    /**
     * Before a step: a model that joined since the last one (spawned, or restored by a reset) takes part in no step
     * before its plugin systems are bound, as at load. Waits while its plugins start (up to the plugin start
     * timeout), serving the commands allowed in LOADING (what a plugin may ask of the runner from its start) and
     * deferring the others, then binds every started plugin system.
     */
    public void bindJoinedModels(WorldSession session, CommandsWhileLoading commands) {
        if (session.modelPluginsStarting()) {
            long deadline =
                    clock.nanoTime() + parts.pluginSettings().startTimeout().toNanos();
            while (session.modelPluginsStarting() && state.requestedStop() == null) {
                if (clock.nanoTime() - deadline > 0) {
                    log.warn(
                            "World '{}': plugins of a spawned or restored model did not start within {} s; the"
                                    + " world steps on, and their systems take part from the step after their start",
                            LogSafe.of(session.name()),
                            parts.pluginSettings().startTimeout().toSeconds());
                    session.stopWaitingForModelPlugins();
                    break;
                }
                try {
                    commands.serve(WAIT_PERIOD_NANOS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                state.progressed(clock.nanoTime());
            }
        }
        session.binding.update(session.plugins);
    }

    /**
     * Starts the session's plugins: binds them to the start tracker and submits their starts, runs the initial
     * reset (so a plugin may see a reset before its start has returned), then waits for AllStarted while running
     * the commands allowed in LOADING and deferring the others. Plugin systems are bound before this returns.
     *
     * @return false when a stop was asked for while waiting
     * @throws io.orrery.plugin.PluginStartException when a required plugin failed or the start timed out
     */
    public boolean startPlugins(WorldSession session, CommandsWhileLoading commands) throws InterruptedException {
        session.plugins.beginStart();
        cascade.run(session, false);
        CompletableFuture<Void> started = new CompletableFuture<>();
        Thread waiter = new Thread(
                () -> {
                    try {
                        session.plugins.awaitStarted(parts.pluginSettings().startTimeout());
                        started.complete(null);
                    } catch (Throwable t) {
                        started.completeExceptionally(t);
                    }
                },
                "orrery-plugin-start");
        waiter.setDaemon(true);
        waiter.start();
        while (!started.isDone()) {
            commands.serve(WAIT_PERIOD_NANOS);
            state.progressed(clock.nanoTime());
            if (state.requestedStop() != null) {
                waiter.interrupt();
                return false;
            }
        }
        try {
            started.join();
        } catch (RuntimeException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
        session.binding.update(session.plugins);
        log.info(
                "World '{}' runs these systems, in execution order per phase:\n{}",
                LogSafe.of(session.name()),
                session.systems.report().table());
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.WorldLoaded(session.name())));
        return true;
    }
}
