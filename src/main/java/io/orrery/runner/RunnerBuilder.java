package io.orrery.runner;

import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.EventSink;
import io.orrery.plugin.PluginRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** Builds a {@link SimulationRunner}; everything but the world has a default. */
public final class RunnerBuilder {
    final WorldLoader loader;
    final Path worldFile;
    final PhysicsEngine engine;
    Supplier<List<SystemRegistration>> systems = List::of;
    PluginRegistry pluginRegistry = new PluginRegistry();
    PluginSettings pluginSettings = PluginSettings.defaults();
    RunnerSettings settings = RunnerSettings.defaults();
    MonotonicClock clock = MonotonicClock.SYSTEM;
    Sleeper sleeper = Sleeper.SYSTEM;
    EventSink events = (topic, payload) -> {
    };
    long seed;
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

    /** Where plugins publish (and where the reset cascade pauses output). */
    public RunnerBuilder events(EventSink sink) {
        this.events = sink;
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
