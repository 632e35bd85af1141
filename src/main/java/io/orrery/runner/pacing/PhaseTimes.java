package io.orrery.runner.pacing;

import io.orrery.lifecycle.SimState;
import java.util.EnumMap;
import java.util.Map;

/**
 * Total time spent in each step phase, and the step count: the runner adds to plain counters (no allocation,
 * no locking) and metrics read them. Totals read from another thread may lag by a step.
 */
public final class PhaseTimes {

    private volatile long steps;
    private volatile long beginNanos;
    private volatile long simulatorNanos;
    private volatile long controllerNanos;
    private volatile long endNanos;

    /** Adds one step's phase durations; runner thread only. */
    public void record(long begin, long simulator, long controller, long end) {
        beginNanos += begin;
        simulatorNanos += simulator;
        controllerNanos += controller;
        endNanos += end;
        steps++;
    }

    /** Steps recorded. */
    public long steps() {
        return steps;
    }

    /** Total nanoseconds per phase: StepBegin, StepSimulator, StepController, StepEnd. */
    public Map<SimState, Long> totals() {
        Map<SimState, Long> totals = new EnumMap<>(SimState.class);
        totals.put(SimState.STEP_BEGIN, beginNanos);
        totals.put(SimState.STEP_SIMULATOR, simulatorNanos);
        totals.put(SimState.STEP_CONTROLLER, controllerNanos);
        totals.put(SimState.STEP_END, endNanos);
        return totals;
    }

    /** Total nanoseconds of one phase. */
    public long totalNanos(SimState phase) {
        return switch (phase) {
            case STEP_BEGIN -> beginNanos;
            case STEP_SIMULATOR -> simulatorNanos;
            case STEP_CONTROLLER -> controllerNanos;
            case STEP_END -> endNanos;
            default -> throw new IllegalArgumentException(phase + " is not a step phase");
        };
    }
}
