package io.orrery.runner.session;

import io.orrery.event.EventSink;
import io.orrery.event.Events;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.internal.PluginError;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.port.AbortException;
import io.orrery.runner.port.ResetSignal;
import io.orrery.system.SystemException;
import io.orrery.system.UpdateInfo;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * CLOiSim's reset cascade on one session: output paused, the reset signal to bridges, the topic bus cleared (a
 * fresh bus at load has nothing to clear), then the helpers (the world back to its loaded bodies, poses and
 * velocities, time zero), then the systems' Reset and their random streams reseeded, then the devices (sensors),
 * then the plugins; output resumes
 * whatever happens. Once the world shows the reset, plugins hear of it:
 * the Reset event, and ModelRemoved / ModelAdded for the models the reset took away or brought back.
 *
 * <p>Cloe's rule: a reset happens only if every component can restart. A system or a plugin whose reset throws
 * ends the run with an {@link AbortException} naming it; the world is never left half reset.
 */
public final class ResetCascade {

    private final RunState state;
    private final OutputGate output;
    private final EventSink bridges;
    private final SnapshotPublisher snapshots;
    private final MonotonicClock clock;

    public ResetCascade(
            RunState state, OutputGate output, EventSink bridges, SnapshotPublisher snapshots, MonotonicClock clock) {
        this.state = state;
        this.output = output;
        this.bridges = bridges;
        this.snapshots = snapshots;
        this.clock = clock;
    }

    /**
     * Resets {@code session}. With {@code resetWorld} false (the initial reset at load) the world is already as
     * loaded, so only time, systems and plugins are reset, and a plugin's failed reset is logged, not fatal.
     *
     * @throws AbortException naming the component that could not restart
     */
    public void run(WorldSession session, boolean resetWorld) {
        run(session, resetWorld, OptionalLong.empty());
    }

    /** A reset whose sensor noise is seeded from {@code seed} when given, else from the run's seed. */
    public void run(WorldSession session, boolean resetWorld, OptionalLong seed) {
        boolean reloading = state.resetting(); // a reload stays "resetting" until its plugins have started
        state.resetting(true);
        output.pause();
        EditLedger.Undone undone = new EditLedger.Undone(List.of(), List.of());
        try {
            bridges.emit(Events.RESET, new ResetSignal(session.name(), session.simTimeNanos() / 1e9));
            if (resetWorld) {
                session.topics.reset(); // a new episode: nothing published in the last one is delivered or kept
                session.components.clear(); // nor anything the systems shared
                undone = session.edits.undo();
            }
            session.rewind();
            snapshots.changed();
            resetSystems(session);
            session.seedSystems(seed.orElse(session.runSeed));
            resetDevices(session, seed);
            List<PluginError> errors = session.plugins.resetAll();
            // At load, a plugin's reset may run here or after its start returns, on its start thread, where a
            // failure is only logged; so that the outcome does not depend on which, it is only logged here too.
            if (!errors.isEmpty() && resetWorld) {
                throw new AbortException("reset failed: "
                        + errors.stream()
                                .map(e -> "plugin '" + e.plugin() + "' could not restart: " + describe(e.cause()))
                                .collect(Collectors.joining("; ")));
            }
        } finally {
            output.resume();
            state.resetting(reloading);
        }
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.Reset()));
        for (String model : undone.removed()) {
            WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.ModelRemoved(model)));
        }
        for (String model : undone.restored()) {
            WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.ModelAdded(model)));
        }
    }

    private void resetSystems(WorldSession session) {
        // At load a world may hold systems that cannot reset: they start fresh anyway. A requested reset was
        // refused before it began if any such system is there.
        if (!session.systems.systemsNotSupportingReset().isEmpty()) {
            return;
        }
        UpdateInfo info = new UpdateInfo(0, clock.nanoTime() - state.wallStartNanos(), 0, 0, false);
        try {
            session.systems.runReset(info, session.physics);
        } catch (SystemException e) {
            throw new AbortException("reset failed: " + e.getMessage(), e);
        }
    }

    private static void resetDevices(WorldSession session, OptionalLong seed) {
        try {
            if (seed.isPresent()) {
                session.devices.reset(session.physics, seed.getAsLong());
            } else {
                session.devices.reset(session.physics);
            }
        } catch (RuntimeException e) {
            throw new AbortException("reset failed: the devices could not restart: " + describe(e), e);
        }
    }

    /**
     * A failure as a reason: its message; an {@link Error} (out of memory, a stack overflow, an assertion) with
     * its class, which its message alone does not tell ("Java heap space").
     */
    public static String describe(Throwable e) {
        return e.getMessage() == null || e instanceof Error ? e.toString() : e.getMessage();
    }
}
