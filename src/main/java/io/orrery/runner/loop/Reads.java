package io.orrery.runner.loop;

import io.orrery.device.Camera;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.WorldView;
import io.orrery.plugin.HostedPlugins;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.command.Command;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.pacing.PhaseTimes;
import io.orrery.runner.pacing.StatisticsSnapshot;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.SnapshotPublisher;
import io.orrery.runner.session.WorldSession;
import io.orrery.system.SystemsReport;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.world.WorldSpec;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The run read from any thread: the state, the world's status and snapshot, its plugins, systems and statistics. */
public final class Reads implements RunReads {

    /** How long a reader off the runner thread waits for a snapshot before it is told the runner is busy. */
    static final long SNAPSHOT_TIMEOUT_SECONDS = 10;

    private final RunState state;
    private final SnapshotPublisher snapshots;
    private final CommandPosts posts;
    private final TriggerRegistry triggers;
    private final MonotonicClock clock;
    private final String engine;

    public Reads(
            RunState state,
            SnapshotPublisher snapshots,
            CommandPosts posts,
            TriggerRegistry triggers,
            MonotonicClock clock,
            String engine) {
        this.state = state;
        this.snapshots = snapshots;
        this.posts = posts;
        this.triggers = triggers;
        this.clock = clock;
        this.engine = engine;
    }

    @Override
    public SimulationStatus status() {
        WorldSession s = state.session();
        SimState now = state.currentState();
        return new SimulationStatus(
                now,
                now,
                Optional.ofNullable(state.outcome()),
                Optional.ofNullable(state.message()),
                s == null ? 0 : s.simTimeNanos(),
                s == null ? 0 : s.iterations(),
                s == null ? 0 : s.stepNanos,
                s == null ? 0 : s.targetFactor(),
                s == null ? 0 : s.statistics.snapshot().achievedFactorWindow(),
                state.paused(),
                worldName(),
                state.worldFile(),
                engine,
                controller(),
                Optional.ofNullable(state.physicsFailure()));
    }

    /** Who holds the simulation, if anyone. */
    Optional<String> controller() {
        var h = state.controller();
        return h == null ? Optional.empty() : Optional.of(h.holder());
    }

    @Override
    public SimState currentState() {
        return state.currentState();
    }

    @Override
    public Set<String> allowedCommands() {
        return state.allowedCommands();
    }

    @Override
    public StatisticsSnapshot statistics() {
        WorldSession s = state.session();
        return s == null ? StatisticsSnapshot.EMPTY : s.statistics.snapshot();
    }

    @Override
    public WorldSnapshot snapshot() {
        if (state.onRunnerThread()) {
            return takeSnapshot();
        }
        WorldSession s = state.session();
        Optional<WorldView> round = s == null ? Optional.empty() : s.systems.postUpdateView();
        if (round.isPresent()) {
            // A PostUpdate system on a pool thread: the runner thread waits for it, so it cannot take the snapshot;
            // it is read through the round's shared view, so it never waits on the runner.
            WorldView view = round.get();
            return snapshots.take(() -> s.capture(view));
        }
        Optional<WorldSnapshot> current = snapshots.current();
        if (current.isPresent()) {
            return current.get();
        }
        CompletableFuture<WorldSnapshot> taken =
                posts.post("snapshot", Command.ANY, Command.Kind.READ, this::takeSnapshot);
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
                    "the runner took no snapshot within " + SNAPSHOT_TIMEOUT_SECONDS + " s (state "
                            + state.currentState() + ")",
                    e);
        }
    }

    /** The snapshot of the world now (runner thread). */
    private WorldSnapshot takeSnapshot() {
        WorldSession s = state.session();
        return s == null ? WorldSnapshot.empty("") : snapshots.take(s::capture);
    }

    @Override
    public Optional<WorldSpec> loadedWorld() {
        WorldSession s = state.session();
        return s == null ? Optional.empty() : Optional.of(s.spec);
    }

    @Override
    public List<Camera> cameras() {
        WorldSession s = state.session();
        return s == null || s.devices == null ? List.of() : s.devices.cameras();
    }

    @Override
    public SystemsReport systems() {
        WorldSession s = state.session();
        return s == null ? SystemsReport.EMPTY : s.systems.report();
    }

    @Override
    public List<PluginStatus> pluginStatuses() {
        return pluginHost().map(HostedPlugins::statuses).orElse(List.of());
    }

    @Override
    public StartProgress pluginProgress() {
        return pluginHost().map(HostedPlugins::progress).orElse(new StartProgress(0, 0, false));
    }

    @Override
    public Optional<HostedPlugins> pluginHost() {
        WorldSession s = state.session();
        return s == null ? Optional.empty() : Optional.of(s.plugins);
    }

    @Override
    public TriggerRegistry triggers() {
        return triggers;
    }

    @Override
    public boolean isResetting() {
        return state.resetting();
    }

    @Override
    public long lastProgressNanos() {
        return state.lastProgressNanos();
    }

    @Override
    public MonotonicClock clock() {
        return clock;
    }

    @Override
    public PhaseTimes phaseTimes() {
        return state.phaseTimes();
    }

    private Optional<String> worldName() {
        WorldSession s = state.session();
        return s == null ? Optional.empty() : Optional.of(s.name());
    }
}
