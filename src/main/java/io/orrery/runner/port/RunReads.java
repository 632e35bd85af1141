package io.orrery.runner.port;

import io.orrery.device.Camera;
import io.orrery.lifecycle.SimState;
import io.orrery.plugin.HostedPlugins;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.pacing.PhaseTimes;
import io.orrery.runner.pacing.StatisticsSnapshot;
import io.orrery.system.SystemsReport;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.world.WorldSpec;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What anyone may read of the run, from any thread, without waiting on the loop (but for a stale snapshot). */
public interface RunReads {

    /** A snapshot of the simulation's state. */
    SimulationStatus status();

    /** The lifecycle state; while stepping, the phase the loop is in. */
    SimState currentState();

    /** The commands accepted in the current state. */
    Set<String> allowedCommands();

    /** The latest published statistics (every 100 steps and at pause). */
    StatisticsSnapshot statistics();

    /**
     * The world as it is now. Off the runner thread, the published snapshot when nothing has changed since it was
     * taken, else one taken at the next StepEnd (inside step batches too); after the end of the run, the world as it
     * ended.
     *
     * @throws IllegalStateException when the runner does not take one within a few seconds
     */
    WorldSnapshot snapshot();

    /** The world as read from its file (records, not its state now); empty before it loaded. */
    Optional<WorldSpec> loadedWorld();

    /** The current world's cameras (spawned models' too), in load order; empty before it loaded. */
    List<Camera> cameras();

    /**
     * The current world's systems in execution order per phase, with their timings over the last second, as the
     * runner last published them; empty before a world is loaded.
     */
    SystemsReport systems();

    /** Every plugin's status. */
    List<PluginStatus> pluginStatuses();

    /** Plugins started out of plugins tracked. */
    StartProgress pluginProgress();

    /** The current world's plugins as the surfaces see them, for their commands; empty before it loaded. */
    Optional<HostedPlugins> pluginHost();

    /** The trigger registry (thread-safe): add triggers, read the list and the history. */
    TriggerRegistry triggers();

    /** True while a reset or a reload is under way. */
    boolean isResetting();

    /**
     * When the loop last made progress (a step, a paused cycle or a command round), on the runner's clock; a watchdog
     * compares it with now.
     */
    long lastProgressNanos();

    /** The runner's monotonic clock, for comparing with {@link #lastProgressNanos()}. */
    MonotonicClock clock();

    /** Time spent in each step phase since the start (for metrics). */
    PhaseTimes phaseTimes();
}
