package io.orrery.runner.loop;

import io.orrery.event.EventSink;
import io.orrery.event.Events;
import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import io.orrery.log.LogRate;
import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginEvent;
import io.orrery.runner.pacing.MonotonicClock;
import io.orrery.runner.port.RunnerLog;
import io.orrery.runner.port.StepSpan;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.WorldSession;
import io.orrery.trigger.FiredTrigger;
import io.orrery.trigger.LifecycleEventKind;
import io.orrery.trigger.TriggerAction;
import io.orrery.trigger.TriggerRegistry;
import java.util.ArrayDeque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lifecycle transitions along Cloe's edges (start, pause, resume, the restart after a reset) and the
 * triggers they fire. Trigger actions are not applied inside the transition that fired them: they are queued
 * and applied by {@link #settle()} once the runner is at a safe point, so a {@code start → pause} trigger
 * pauses a world that is really running, and an action that fires further triggers (a pause that fires a
 * pause trigger) does so after it has completed, never half-way through. Runner thread only.
 */
public final class RunTransitions {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    /** How many trigger actions one settle applies at most: triggers firing each other forever are cut off. */
    public static final int MAX_CHAINED_ACTIONS = 100;

    // What triggers write to the log (docs/limits.md): each trigger's message at most 5 lines at once then 1 a second,
    // all of them together at most 50 at once then 10 a second; a line left out is counted and told with its
    // trigger's next line. 100 sticky loop triggers with 2 KB messages wrote about 200 MB a second before.
    static final int LOG_BURST_PER_TRIGGER = 5;
    static final double LOG_LINES_PER_SECOND_PER_TRIGGER = 1;
    static final int LOG_BURST = 50;
    static final double LOG_LINES_PER_SECOND = 10;
    /** Trigger messages whose rate is remembered, the most recently logged ones (ten times the API's triggers). */
    private static final int LOG_KEYS = 1024;

    /** What trigger actions do to the run. */
    interface Actions {
        void pause();

        void resume();

        /** @param why what asked for it, for the run's result ({@code message} in result.json) */
        void requestStop(Outcome outcome, String why);

        void reset();

        void setRealTimeFactor(double factor);
    }

    private final RunState state;
    private final TriggerRegistry triggers;
    private final EventSink bridges;
    private final MonotonicClock clock;
    private final ArrayDeque<TriggerAction> pending = new ArrayDeque<>();
    private final LogRate logRate;
    private Actions actions;
    private boolean settling;
    /** The iterations when the open batch span began, or -1 when none is open. */
    private long spanStart = -1;

    public RunTransitions(RunState state, TriggerRegistry triggers, EventSink bridges, MonotonicClock clock) {
        this.state = state;
        this.triggers = triggers;
        this.bridges = bridges;
        this.clock = clock;
        this.logRate = new LogRate(
                clock::nanoTime,
                LOG_BURST_PER_TRIGGER,
                LOG_LINES_PER_SECOND_PER_TRIGGER,
                LOG_BURST,
                LOG_LINES_PER_SECOND,
                LOG_KEYS);
    }

    public void bind(Actions triggerActions) {
        this.actions = triggerActions;
    }

    /** Walks the state machine along the shortest path of Cloe's edges to {@code target}, avoiding Abort. */
    void driveTo(SimState target) {
        for (SimEvent e : SimulationMachine.path(state.machine().state(), target)) {
            state.machine().fire(e);
        }
    }

    /** The loop stops stepping, and the machine walks to Stop and on to Reset: a reset or a reload begins. */
    void enterReset() {
        closeSpan(state.session());
        state.stopStepping();
        driveTo(SimState.STOP);
        state.machine().fire(SimEvent.RESET);
    }

    /** The run ends: the loop stops stepping and the machine walks to {@code end} (Stop, Abort or Disconnect). */
    void enterEnd(SimState end) {
        closeSpan(state.session());
        state.stopStepping();
        driveTo(end);
    }

    /**
     * A step batch of {@code count} steps begins; the machine stays in Pause (a batch is steps of a paused world, as
     * Gazebo's multi-step leaves a paused world paused). Unless a controller holds the simulation, observers get the
     * span's beginning: a holder steps thousands of times a second, and its hold is the span they see.
     */
    void beginBatch(WorldSession session, long count, boolean held) {
        if (!held) {
            spanStart = session.iterations();
            bridges.emit(Events.STEPS, span(session, SimState.STEP_BEGIN, count));
        }
        state.startStepping(SimState.STEP_BEGIN);
    }

    /** A step batch has ended with the world still running: its span ends, and the loop stops stepping. */
    void endBatch(WorldSession session) {
        closeSpan(session);
        state.stopStepping();
        session.statistics.pause(clock.nanoTime(), session.simTimeNanos());
    }

    /** The open batch span, if any, ends here: before a pause, a stop, an abort or a reset that ends its batch. */
    private void closeSpan(WorldSession session) {
        if (spanStart >= 0 && session != null) {
            bridges.emit(Events.STEPS, span(session, SimState.STEP_END, session.iterations() - spanStart));
        }
        spanStart = -1;
    }

    private static StepSpan span(WorldSession session, SimState at, long steps) {
        return new StepSpan(at, session.iterations(), session.simTimeNanos() / 1e9, steps);
    }

    /**
     * Start, for a session whose plugins have all started (at load and after a reload): start triggers, the
     * SimulationStarted event, then stepping, running or paused.
     */
    void beginSession(WorldSession session, boolean paused) {
        state.machine().fire(SimEvent.START);
        fire(LifecycleEventKind.START);
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.SimulationStarted()));
        enterStepping(session, paused);
    }

    /** Reset → Start → StepBegin after a reset, on as before: running or paused. */
    void restartAfterReset(WorldSession session, boolean paused) {
        state.machine().fire(SimEvent.START);
        enterStepping(session, paused);
    }

    private void enterStepping(WorldSession session, boolean paused) {
        driveTo(SimState.STEP_BEGIN);
        state.startStepping(SimState.STEP_BEGIN);
        session.startPacing(clock.nanoTime());
        if (paused) {
            enterPause(session);
        }
    }

    void enterPause(WorldSession session) {
        closeSpan(session);
        state.stopStepping();
        driveTo(SimState.PAUSE);
        session.pacer.pause();
        session.statistics.pause(clock.nanoTime(), session.simTimeNanos());
        fire(LifecycleEventKind.PAUSE);
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.Paused()));
    }

    void leavePause(WorldSession session) {
        driveTo(SimState.STEP_BEGIN);
        state.startStepping(SimState.STEP_BEGIN);
        session.pacer.resume(session.simTimeNanos());
        session.statistics.start(clock.nanoTime(), session.simTimeNanos());
        fire(LifecycleEventKind.RESUME);
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.Resumed()));
    }

    /** A step has ended at {@code simTimeNanos}: the triggers waiting for a time or a step count. */
    void stepped(long simTimeNanos) {
        queue(triggers.onStep(simTimeNanos));
    }

    /** A cycle in Pause: the triggers that fire each paused cycle. */
    void pausedCycle() {
        queue(triggers.onPausedCycle());
    }

    /** Evaluates the triggers waiting for {@code kind}; their actions wait for {@link #settle()}. */
    void fire(LifecycleEventKind kind) {
        queue(triggers.onLifecycle(kind));
    }

    /** Queues the actions of triggers that just fired and tells the bridges what fired. */
    void queue(List<TriggerAction> fired) {
        if (fired.isEmpty()) {
            return;
        }
        List<FiredTrigger> history = triggers.history();
        for (FiredTrigger f : history.subList(Math.max(0, history.size() - fired.size()), history.size())) {
            bridges.emit(Events.TRIGGER, f);
        }
        pending.addAll(fired);
    }

    /**
     * Applies the queued trigger actions in the order they fired, and those that they fire in turn, at most
     * {@value #MAX_CHAINED_ACTIONS}; called at safe points (after a command, at StepEnd, each paused cycle).
     * A call from inside an action returns at once: the outer call applies what was queued.
     */
    void settle() {
        if (settling || pending.isEmpty()) {
            return;
        }
        settling = true;
        try {
            int applied = 0;
            TriggerAction action;
            while ((action = pending.poll()) != null && !state.ended()) {
                if (++applied > MAX_CHAINED_ACTIONS) {
                    log.warn(
                            "Trigger actions kept firing each other: {} applied, {} dropped (last: {})",
                            MAX_CHAINED_ACTIONS,
                            pending.size() + 1,
                            LogSafe.of(action.form()));
                    pending.clear();
                    return;
                }
                apply(action);
            }
        } finally {
            settling = false;
        }
    }

    /** At the end of the run: queued actions that log are applied, the others dropped (the run is ending). */
    void settleEnding() {
        TriggerAction action;
        while ((action = pending.poll()) != null) {
            if (action instanceof TriggerAction.Log l) {
                logTrigger(l);
            }
        }
    }

    private void apply(TriggerAction action) {
        if (action instanceof TriggerAction.Command c) {
            switch (c.kind()) {
                case PAUSE -> actions.pause();
                case RESUME -> actions.resume();
                case STOP -> actions.requestStop(Outcome.STOPPED, firedBy(action));
                case SUCCEED -> actions.requestStop(Outcome.SUCCESS, firedBy(action));
                case FAIL -> actions.requestStop(Outcome.FAILURE, firedBy(action));
                case RESET -> actions.reset();
            }
        } else if (action instanceof TriggerAction.RealtimeFactor f) {
            actions.setRealTimeFactor(f.factor());
        } else if (action instanceof TriggerAction.Log l) {
            logTrigger(l);
        }
    }

    /** The trigger that fired {@code action}, in words: a run it ends says why (a sweep's table shows it). */
    private String firedBy(TriggerAction action) {
        List<FiredTrigger> history = triggers.history();
        for (int i = history.size() - 1; i >= 0; i--) {
            FiredTrigger f = history.get(i);
            if (f.action() == action) {
                return "trigger " + (f.label() == null ? "" : "'" + f.label() + "' ") + "("
                        + f.event().form() + " → " + action.form() + ") fired at sim time " + f.simTimeNanos() / 1e9
                        + " s";
            }
        }
        return "a trigger's " + action.form();
    }

    /** A trigger's message, escaped, within the log's rate for triggers (keyed by the action: its level and text). */
    private void logTrigger(TriggerAction.Log l) {
        if (!enabled(l.level())) {
            return; // not counted against the rate: nothing would be written
        }
        long leftOut = logRate.admit(l);
        if (leftOut < 0) {
            return;
        }
        String format = leftOut == 0
                ? "trigger: {}"
                : "trigger: {} (" + leftOut + " more line" + (leftOut == 1 ? "" : "s") + " of this trigger left out)";
        Object message = LogSafe.of(l.message());
        switch (l.level()) {
            case TRACE -> log.trace(format, message);
            case DEBUG -> log.debug(format, message);
            case INFO -> log.info(format, message);
            case WARN -> log.warn(format, message);
            case ERROR -> log.error(format, message);
        }
    }

    private static boolean enabled(TriggerAction.LogLevel level) {
        return switch (level) {
            case TRACE -> log.isTraceEnabled();
            case DEBUG -> log.isDebugEnabled();
            case INFO -> log.isInfoEnabled();
            case WARN -> log.isWarnEnabled();
            case ERROR -> log.isErrorEnabled();
        };
    }
}
