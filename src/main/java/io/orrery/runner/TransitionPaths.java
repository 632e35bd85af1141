package io.orrery.runner;

import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Shortest walks along Cloe's edges, so lifecycle changes take the diagram's own route (StepBegin to Pause
 * passes StepSimulator, StepController and StepEnd). Abort is never passed through, only reached as a target.
 */
final class TransitionPaths {

    private static final Map<SimState, Map<SimState, List<SimEvent>>> PATHS = new EnumMap<>(SimState.class);

    static {
        for (SimState from : SimState.values()) {
            PATHS.put(from, search(from));
        }
    }

    private TransitionPaths() {
    }

    /** The events that lead from {@code from} to {@code to}; empty when they are the same state. */
    static List<SimEvent> path(SimState from, SimState to) {
        List<SimEvent> path = PATHS.get(from).get(to);
        if (path == null) {
            throw new IllegalStateException("no way from " + from + " to " + to + " in the simulation machine");
        }
        return path;
    }

    private static Map<SimState, List<SimEvent>> search(SimState from) {
        Map<SimState, List<SimEvent>> found = new EnumMap<>(SimState.class);
        found.put(from, List.of());
        Deque<SimState> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            SimState s = queue.removeFirst();
            if (s == SimState.ABORT && s != from) {
                continue;
            }
            for (SimEvent e : SimulationMachine.allowedEvents(s)) {
                SimState next = e.target();
                if (!found.containsKey(next)) {
                    List<SimEvent> p = new ArrayList<>(found.get(s));
                    p.add(e);
                    found.put(next, Collections.unmodifiableList(p));
                    queue.addLast(next);
                }
            }
        }
        return found;
    }
}
