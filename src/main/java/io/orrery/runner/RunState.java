package io.orrery.runner;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import java.nio.file.Path;

/**
 * The run's state that the runner's parts share: written by the runner thread only, readable from any (the
 * volatile fields). The machine holds the lifecycle state; {@link #phase} is the per-step phase the loop cycles
 * through without firing machine events.
 */
final class RunState {

    final SimulationMachine machine = SimulationMachine.create();
    final PhaseTimes phaseTimes = new PhaseTimes();

    volatile Mode mode = Mode.LOADING;
    volatile SimState phase = SimState.CONNECT;
    volatile WorldSession session;
    volatile Path worldFile;
    volatile Outcome outcome;
    volatile String message;
    volatile boolean resetting;
    volatile long lastProgressNanos;
    volatile Thread thread;
    /** The controller holding the simulation, if any (set and cleared on the runner thread). */
    volatile ControlHandle controller;

    /** Runner thread: the stop asked for (a command, a trigger, a stop condition), applied at a safe point. */
    Outcome requestedStop;
    /** Runner thread: when the runner thread started, for the wall time systems are given. */
    long wallStartNanos;

    RunState(Path worldFile) {
        this.worldFile = worldFile;
    }

    /**
     * The lifecycle state; while stepping, the phase the loop is in (a holding controller's steps too, which leave
     * the machine in Pause).
     */
    SimState currentState() {
        SimState s = machine.state();
        return mode == Mode.RUNNING && (s == SimState.STEP_BEGIN || s == SimState.PAUSE && controller != null) ? phase
                : s;
    }

    boolean onRunnerThread() {
        return Thread.currentThread() == thread;
    }

    /** Runner thread: asks for a stop with {@code o} unless one was already asked for. */
    void requestStop(Outcome o) {
        if (requestedStop == null) {
            requestedStop = o;
        }
    }
}
