package io.orrery.runner;

import io.orrery.device.DeviceKinds;
import io.orrery.event.EventSink;
import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.pacing.Sleeper;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.runner.port.WorldLoader;
import io.orrery.system.WorldSystem;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** Builds a {@link SimulationRunner}; everything but the world has a default. */
public final class RunnerBuilder {

    /** The most commands that may wait for the runner at once, by default. */
    public static final int DEFAULT_MAX_PENDING_COMMANDS = 1024;

    /** The most bytes of published messages that may wait for the runner at once, by default (16 MB). */
    public static final long DEFAULT_MAX_PENDING_PUBLISH_BYTES = 16L << 20;

    final WorldLoader loader;
    final Path worldFile;
    final PhysicsEngine engine;
    Supplier<List<SystemRegistration>> systems = List::of;
    List<WorldSystem> worldSystems = List.of();
    DeviceKinds deviceKinds = DeviceKinds.NONE;
    PluginRegistry pluginRegistry = new PluginRegistry();
    PluginSettings pluginSettings = PluginSettings.defaults();
    RunnerSettings settings = RunnerSettings.defaults();
    MonotonicClock clock = MonotonicClock.SYSTEM;
    Sleeper sleeper = Sleeper.SYSTEM;
    EventSink events = EventSink.NONE;
    long seed;
    int maxPendingCommands = DEFAULT_MAX_PENDING_COMMANDS;
    long maxPendingPublishBytes = DEFAULT_MAX_PENDING_PUBLISH_BYTES;
    List<String> allowedPluginEndpoints = List.of();

    RunnerBuilder(WorldLoader loader, Path worldFile, PhysicsEngine engine) {
        this.loader = loader;
        this.worldFile = worldFile;
        this.engine = engine;
    }

    /** Systems registered for every world, asked for when a world loads (so they may depend on the runner). */
    public RunnerBuilder systems(Supplier<List<SystemRegistration>> registrations) {
        this.systems = registrations;
        return this;
    }

    /**
     * Systems built for each world as it loads (Orrery's are {@code Extensions.discovered().worldSystems()}, the physics
     * step among them: a world without it does not move); none by default.
     */
    public RunnerBuilder worldSystems(List<WorldSystem> perWorld) {
        this.worldSystems = List.copyOf(perWorld);
        return this;
    }

    /**
     * The kinds of device sensors are built as (Orrery's are {@code Extensions.discovered().deviceKinds()}); none by
     * default.
     */
    public RunnerBuilder devices(DeviceKinds kinds) {
        this.deviceKinds = kinds;
        return this;
    }

    /** The plugin types, by filename. */
    public RunnerBuilder plugins(PluginRegistry registry, PluginSettings pluginSettingsToUse) {
        this.pluginRegistry = registry;
        this.pluginSettings = pluginSettingsToUse;
        return this;
    }

    public RunnerBuilder settings(RunnerSettings runnerSettings) {
        this.settings = runnerSettings;
        return this;
    }

    /** The clock and sleeper pacing uses (real ones by default). */
    public RunnerBuilder time(MonotonicClock monotonicClock, Sleeper sleeperToUse) {
        this.clock = monotonicClock;
        this.sleeper = sleeperToUse;
        return this;
    }

    /** Where plugins and the runner emit events (and where the reset cascade pauses output). */
    public RunnerBuilder events(EventSink sink) {
        this.events = sink;
        return this;
    }

    /**
     * The most commands that may wait for the runner at once ({@code orrery.max-pending-commands}); one more is
     * refused with {@link CommandQueueFullException}.
     */
    public RunnerBuilder maxPendingCommands(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxPendingCommands must be at least 1, got " + max);
        }
        this.maxPendingCommands = max;
        return this;
    }

    /**
     * The most bytes of topic messages published from outside the loop that may wait for the runner at once
     * ({@code orrery.max-pending-publish-bytes}); one more publish is refused with {@link CommandQueueFullException},
     * unless nothing waits.
     */
    public RunnerBuilder maxPendingPublishBytes(long max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxPendingPublishBytes must be at least 1, got " + max);
        }
        this.maxPendingPublishBytes = max;
        return this;
    }

    /**
     * Hosts ({@code host} or {@code host:port}) that plugins of a spawned model or of a world loaded on request may
     * connect to; none by default (see {@link io.orrery.plugin.PluginEndpoints}).
     */
    public RunnerBuilder allowedPluginEndpoints(List<String> hosts) {
        this.allowedPluginEndpoints = List.copyOf(hosts);
        return this;
    }

    public SimulationRunner build() {
        return new SimulationRunner(this);
    }

    /** The seed of the sensors' noise ({@code orrery.seed}): the same seed gives the same noise. */
    public RunnerBuilder seed(long noiseSeed) {
        this.seed = noiseSeed;
        return this;
    }
}
