package io.orrery.runner.session;

import io.orrery.device.Devices;
import io.orrery.log.LogSafe;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Components;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.plugin.internal.PluginError;
import io.orrery.plugin.internal.PluginHost;
import io.orrery.runner.pacing.RealTimePacer;
import io.orrery.runner.pacing.Statistics;
import io.orrery.runner.port.RunnerLog;
import io.orrery.system.SystemManager;
import io.orrery.topic.TopicBus;
import io.orrery.world.ModelSpec;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One loaded world with everything that lives as long as it: its physics, systems, devices, plugins and their system
 * binding, topic bus, pacer, statistics, the ledger of edits since the load, and its clock. Closed as a unit, once. A
 * reload opens a new session before the old one is closed, so a world that cannot be built leaves the old one
 * untouched.
 *
 * <p>Owned by the runner thread; {@link #simTimeNanos()}, {@link #iterations()} and the final fields may be
 * read from any thread.
 */
public final class WorldSession implements AutoCloseable {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    public final WorldSpec spec;
    public final Path file;
    public final PhysicsWorld physics;
    public final SystemManager systems;
    /** The sensors, also one of the systems; reset by the cascade between the systems and the plugins. */
    public final Devices devices;

    public final PluginHost plugins;
    public final PluginSystemBinding binding;
    public final TopicBus topics;
    /** What the plugins share, as Gazebo's systems share components; cleared by a reset. */
    public final Components components;

    public final RealTimePacer pacer;
    public final Statistics statistics;
    public final EditLedger edits;
    public final long stepNanos;
    /** The run's seed ({@code orrery.seed}): an episode reset without a seed of its own draws from it. */
    public final long runSeed;

    private volatile long simTimeNanos;
    private volatile long iterations;
    /** Runner thread: the seed of this episode's random streams (the run's, or the one the last reset was given). */
    private long episodeSeed;
    /** Runner thread: the sim time of the update under way, or the time paused at: what messages are stamped with. */
    private long messageTimeNanos;

    private volatile double targetFactor;
    private long firstStepWallNanos = -1;
    private long paddingNanos;
    private boolean droppingSteps;
    private boolean closed;
    /** Runner thread: the starts of the plugins of models that joined since the load and may still be running. */
    private final List<CompletableFuture<?>> joining = new ArrayList<>();

    public WorldSession(
            WorldSpec spec,
            Path file,
            PhysicsWorld physics,
            SystemManager systems,
            Devices devices,
            PluginHost plugins,
            PluginSystemBinding binding,
            TopicBus topics,
            Components components,
            RealTimePacer pacer,
            long stepNanos,
            double targetFactor,
            long runSeed) {
        this.spec = spec;
        this.file = file;
        this.physics = physics;
        this.systems = systems;
        this.devices = devices;
        this.plugins = plugins;
        this.binding = binding;
        this.topics = topics;
        this.components = components;
        this.pacer = pacer;
        this.statistics = new Statistics();
        this.edits = new EditLedger(this);
        this.stepNanos = stepNanos;
        this.targetFactor = targetFactor;
        this.runSeed = runSeed;
        this.episodeSeed = runSeed;
        plugins.addLifecycleListener(binding);
    }

    public String name() {
        return spec.name();
    }

    public long simTimeNanos() {
        return simTimeNanos;
    }

    public long iterations() {
        return iterations;
    }

    public double targetFactor() {
        return targetFactor;
    }

    /** Runner thread: a step to {@code simTime} begins; what its systems publish is stamped with that time. */
    public void updating(long simTime) {
        messageTimeNanos = simTime;
    }

    /** Runner thread: a step has ended at {@code simTime} after {@code iteration} steps. */
    public void advanced(long iteration, long simTime) {
        iterations = iteration;
        simTimeNanos = simTime;
        messageTimeNanos = simTime;
    }

    /** Runner thread: the sim time a message delivered now is stamped with. */
    public long messageTimeNanos() {
        return messageTimeNanos;
    }

    /** Runner thread: the first step's wall time (kept for the report's wall time), set once per run. */
    public void stepping(long wallNanos) {
        if (firstStepWallNanos < 0) {
            firstStepWallNanos = wallNanos;
        }
    }

    public long wallSinceFirstStep(long nowNanos) {
        return firstStepWallNanos < 0 ? 0 : nowNanos - firstStepWallNanos;
    }

    /** Runner thread: time spent waiting for the next step, reported with it. */
    public void waited(long nanos) {
        paddingNanos += nanos;
    }

    public long takePadding() {
        long p = paddingNanos;
        paddingNanos = 0;
        return p;
    }

    /**
     * Runner thread: counts steps the pacer dropped this frame; true when a run of drops begins (log it once).
     * A run ends when the loop has caught up (at most one step due), not at the first frame without a drop: a
     * world slightly slower than real time drops a step every few frames.
     */
    public boolean dropped(long steps, int due) {
        if (steps > 0) {
            statistics.recordDroppedSteps(steps);
            boolean begins = !droppingSteps;
            droppingSteps = true;
            return begins;
        }
        if (due <= 1) {
            droppingSteps = false;
        }
        return false;
    }

    /** Runner thread: the seed of this episode's random streams. */
    public long episodeSeed() {
        return episodeSeed;
    }

    /**
     * Runner thread: a new episode draws from {@code seed}: every {@link io.orrery.system.Seeded} system is seeded
     * from it and its name (plugin systems bound later this episode too).
     */
    public void seedSystems(long seed) {
        episodeSeed = seed;
        systems.runSeed(system -> binding.seedOf(system, seed));
    }

    /** Runner thread: back to time zero (a reset). */
    public void rewind() {
        simTimeNanos = 0;
        messageTimeNanos = 0;
        iterations = 0;
        firstStepWallNanos = -1;
        paddingNanos = 0;
        statistics.reset();
    }

    /** Runner thread: a new target factor from now on, with no jump. */
    public void setRealTimeFactor(double factor) {
        targetFactor = factor;
        pacer.setRealTimeFactor(factor, simTimeNanos);
    }

    /** Runner thread: starts pacing and statistics from the current sim time. */
    public void startPacing(long wallNanos) {
        pacer.start(simTimeNanos);
        statistics.start(wallNanos, simTimeNanos);
    }

    /**
     * Creates and starts the plugins of a model that joins the world (spawned, or restored by a reset). Their starts
     * run on the start threads; until they have settled the model takes part in no step (see
     * {@link #modelPluginsStarting()}).
     */
    public void startModelPlugins(ModelSpec model) {
        List<OwnedPluginSpec> owned = OwnedPluginSpec.ofModel(model);
        owned.forEach(binding::expect);
        if (!owned.isEmpty()) {
            joining.add(plugins.addModel(model.name(), owned));
        }
    }

    /** Runner thread: true while plugins of a model that joined are still starting. */
    public boolean modelPluginsStarting() {
        joining.removeIf(CompletableFuture::isDone);
        return !joining.isEmpty();
    }

    /** Runner thread: completes once every plugin of a joining model that is starting now has settled. */
    public CompletableFuture<Void> modelPluginsSettled() {
        joining.removeIf(CompletableFuture::isDone);
        return CompletableFuture.allOf(joining.toArray(CompletableFuture[]::new));
    }

    /** Runner thread: the starts still running are no longer waited for (they took longer than allowed). */
    public void stopWaitingForModelPlugins() {
        joining.clear();
    }

    /** Runner thread: the world now. */
    public WorldSnapshot capture() {
        return capture(physics);
    }

    /** The world now, read through {@code view} (a PostUpdate round's, on one of its threads). */
    public WorldSnapshot capture(WorldView view) {
        return WorldSnapshot.capture(spec.name(), iterations, simTimeNanos, view);
    }

    /**
     * Ends the plugins (last loaded first), then closes the devices, the topic bus, the systems and the physics. Returns the
     * plugins' final statuses. Safe to call twice: the second call only returns them.
     */
    public List<PluginStatus> closeAndReport() {
        if (!closed) {
            closed = true;
            logPluginErrors(plugins.endAll());
            plugins.close();
            devices.close();
            topics.close();
            systems.close();
            physics.close();
        }
        return plugins.statuses();
    }

    @Override
    public void close() {
        closeAndReport();
    }

    public static void logPluginErrors(List<PluginError> errors) {
        for (PluginError e : errors) {
            log.warn(
                    "Plugin '{}' failed in {}: {}",
                    LogSafe.of(e.plugin()),
                    e.phase(),
                    LogSafe.of(
                            e.cause().getMessage() == null
                                    ? e.cause().toString()
                                    : e.cause().getMessage()));
        }
    }
}
