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

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Cloe's diagram as data: the single source both for building the Spring machine and for answering queries. */
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

    private static final Map<SimState, Set<SimEvent>> ALLOWED = allowedByState();

    private SimTransitions() {
    }

    /** The events allowed in a state, in declaration order; unmodifiable, empty for DISCONNECT. */
    static Set<SimEvent> allowed(SimState state) {
        return ALLOWED.get(state);
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
}
