package io.orrery.lifecycle;

import static io.orrery.lifecycle.SimEvent.ABORT;
import static io.orrery.lifecycle.SimEvent.DISCONNECT;
import static io.orrery.lifecycle.SimEvent.PAUSE;
import static io.orrery.lifecycle.SimEvent.RESET;
import static io.orrery.lifecycle.SimEvent.RESUME;
import static io.orrery.lifecycle.SimEvent.START;
import static io.orrery.lifecycle.SimEvent.STEP_BEGIN;
import static io.orrery.lifecycle.SimEvent.STEP_CONTROLLER;
import static io.orrery.lifecycle.SimEvent.STEP_END;
import static io.orrery.lifecycle.SimEvent.STEP_SIMULATOR;
import static io.orrery.lifecycle.SimEvent.STOP;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cloe's diagram as data, the single source for building the Spring machine and for answering queries: its edges
 * (an event fired in a state), and the commands accepted in the states where the runner takes them.
 */
final class SimTransitions {

    static final List<SimTransition> ALL = List.of(
            edge(SimState.CONNECT, START),
            edge(SimState.CONNECT, ABORT),
            edge(SimState.START, STEP_BEGIN),
            edge(SimState.STEP_BEGIN, STEP_SIMULATOR),
            edge(SimState.STEP_BEGIN, ABORT),
            edge(SimState.STEP_SIMULATOR, STEP_CONTROLLER),
            edge(SimState.STEP_CONTROLLER, STEP_END),
            edge(SimState.STEP_END, STEP_BEGIN),
            edge(SimState.STEP_END, STOP),
            edge(SimState.STEP_END, PAUSE),
            edge(SimState.PAUSE, RESUME),
            edge(SimState.PAUSE, ABORT),
            edge(SimState.RESUME, STEP_BEGIN),
            edge(SimState.ABORT, STOP),
            edge(SimState.ABORT, DISCONNECT),
            edge(SimState.STOP, DISCONNECT),
            edge(SimState.STOP, RESET),
            edge(SimState.RESET, START));

    /**
     * The commands each resting state accepts, in the order a refusal lists them: a command walks the edges from there
     * (a pause from StepEnd takes its Pause edge; a stop from Pause resumes and steps to StepEnd's Stop edge; a reset
     * goes on from Stop through Reset to Start) or, for the world edits and the factor, changes the world in place.
     */
    private static final Map<SimState, Set<SimCommand>> COMMANDS = commandTable(
            accepts(SimState.CONNECT, SimCommand.STOP),
            accepts(SimState.RESET, SimCommand.STOP),
            accepts(
                    SimState.STEP_END,
                    SimCommand.PAUSE,
                    SimCommand.STOP,
                    SimCommand.RESET,
                    SimCommand.RELOAD,
                    SimCommand.RUN_TO,
                    SimCommand.REAL_TIME_FACTOR,
                    SimCommand.SPAWN,
                    SimCommand.REMOVE,
                    SimCommand.TELEPORT,
                    SimCommand.SET_STATIC),
            accepts(
                    SimState.PAUSE,
                    SimCommand.RESUME,
                    SimCommand.STEP,
                    SimCommand.STOP,
                    SimCommand.RESET,
                    SimCommand.RELOAD,
                    SimCommand.RUN_TO,
                    SimCommand.REAL_TIME_FACTOR,
                    SimCommand.SPAWN,
                    SimCommand.REMOVE,
                    SimCommand.TELEPORT,
                    SimCommand.SET_STATIC));

    private static final Map<SimState, Set<SimEvent>> ALLOWED = allowedByState();

    private static final Map<SimState, Map<SimState, List<SimEvent>>> PATHS = shortestPaths();

    private SimTransitions() {}

    /** The events allowed in a state, in declaration order; unmodifiable, empty for DISCONNECT. */
    static Set<SimEvent> allowed(SimState state) {
        return ALLOWED.get(state);
    }

    /** The commands {@code state} accepts, in listing order; empty where the runner takes none. */
    static Set<SimCommand> commands(SimState state) {
        return COMMANDS.get(state);
    }

    /** The events leading from {@code from} to {@code to} along the fewest edges, never through Abort; null if none. */
    static List<SimEvent> path(SimState from, SimState to) {
        return PATHS.get(from).get(to);
    }

    private static SimTransition edge(SimState from, SimEvent event) {
        return new SimTransition(from, event);
    }

    private static Map<SimState, Set<SimEvent>> allowedByState() {
        Map<SimState, EnumSet<SimEvent>> sets = new EnumMap<>(SimState.class);
        for (SimState s : SimState.values()) {
            sets.put(s, EnumSet.noneOf(SimEvent.class));
        }
        for (SimTransition t : ALL) {
            sets.get(t.from()).add(t.event());
        }
        Map<SimState, Set<SimEvent>> result = new EnumMap<>(SimState.class);
        sets.forEach((s, events) -> result.put(s, Collections.unmodifiableSet(events)));
        return Collections.unmodifiableMap(result);
    }

    private record Accepts(SimState state, List<SimCommand> commands) {}

    private static Accepts accepts(SimState state, SimCommand... commands) {
        return new Accepts(state, List.of(commands));
    }

    private static Map<SimState, Set<SimCommand>> commandTable(Accepts... rows) {
        Map<SimState, Set<SimCommand>> table = new EnumMap<>(SimState.class);
        for (SimState s : SimState.values()) {
            table.put(s, Set.of());
        }
        for (Accepts row : rows) {
            table.put(row.state(), Collections.unmodifiableSet(new LinkedHashSet<>(row.commands())));
        }
        return Collections.unmodifiableMap(table);
    }

    /** Breadth-first from every state along the edges; Abort is reached as a target, never passed through. */
    private static Map<SimState, Map<SimState, List<SimEvent>>> shortestPaths() {
        Map<SimState, Map<SimState, List<SimEvent>>> paths = new EnumMap<>(SimState.class);
        for (SimState from : SimState.values()) {
            Map<SimState, List<SimEvent>> found = new EnumMap<>(SimState.class);
            found.put(from, List.of());
            Deque<SimState> queue = new ArrayDeque<>(List.of(from));
            while (!queue.isEmpty()) {
                SimState s = queue.removeFirst();
                if (s == SimState.ABORT && s != from) {
                    continue;
                }
                for (SimEvent e : ALLOWED.get(s)) {
                    SimState next = e.target();
                    if (!found.containsKey(next)) {
                        List<SimEvent> p = new ArrayList<>(found.get(s));
                        p.add(e);
                        found.put(next, Collections.unmodifiableList(p));
                        queue.addLast(next);
                    }
                }
            }
            paths.put(from, Collections.unmodifiableMap(found));
        }
        return Collections.unmodifiableMap(paths);
    }
}
