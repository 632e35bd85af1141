package io.orrery.runner;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The run's state, one notion of it: the lifecycle machine's state, refined by the step phase while the loop steps.
 * The machine is walked along Cloe's edges only where the run changes course (start, pause, resume, stop, reset); the
 * phases a step passes through are recorded here, not fired (a controller steps thousands of times a second, and a
 * step batch leaves the machine in Pause, as Gazebo's multi-step leaves a paused world paused). What a
 * command may do is read off the same table as the edges ({@link SimulationMachine#acceptedCommands}), in the state
 * where the runner takes commands.
 *
 * <p>Written on the runner thread only, each part by one owner: the machine, stepping and the phase by
 * {@link RunTransitions} and the loop; the session by loading; the hold by {@link Lockstep}; the outcome by
 * {@link RunEnding}. Readable from any thread (the volatile fields).
 */
final class RunState {

    /** The commands anyone but the controller may give while a controller holds the simulation. */
    static final Set<String> HELD_COMMANDS = Set.of(SimCommand.STOP.displayName());

    /** The commands that would step the world: refused while the physics engine's failure stands. */
    private static final Set<String> STEPPING_COMMANDS =
            Set.of(SimCommand.RESUME.displayName(), SimCommand.STEP.displayName(), SimCommand.RUN_TO.displayName());

    final SimulationMachine machine = SimulationMachine.create();
    final PhaseTimes phaseTimes = new PhaseTimes();

    private volatile boolean stepping;
    private volatile SimState phase = SimState.CONNECT;
    volatile WorldSession session;
    volatile Path worldFile;
    private volatile Outcome outcome;
    private volatile String message;
    /** Why the physics engine failed in a step, until a reset or a reload rebuilds the world; else null. */
    private volatile String physicsFailure;

    volatile boolean resetting;
    volatile long lastProgressNanos;
    volatile Thread thread;
    /** The controller holding the simulation, if any (set and cleared by {@link Lockstep}). */
    volatile ControlHandle controller;

    /** Runner thread: the stop asked for (a command, a trigger, a stop condition), applied at a safe point. */
    Outcome requestedStop;
    /** Runner thread: when the runner thread started, for the wall time systems are given. */
    long wallStartNanos;

    RunState(Path worldFile) {
        this.worldFile = worldFile;
    }

    /** The state now: the machine's, or while the loop steps, the phase of the step. */
    SimState currentState() {
        return stepping ? phase : machine.state();
    }

    /**
     * Where commands are taken, the state the command table is read in: StepEnd while stepping (commands are applied
     * at StepEnd), else the machine's state; Disconnect once the run has ended.
     */
    SimState commandState() {
        if (outcome != null) {
            return SimState.DISCONNECT;
        }
        return stepping ? SimState.STEP_END : machine.state();
    }

    /** True while the loop steps: running, running to a time, or in a step batch. */
    boolean stepping() {
        return stepping;
    }

    /** True while in Pause, not stepping, and the run goes on. */
    boolean paused() {
        return !stepping && outcome == null && machine.state() == SimState.PAUSE;
    }

    /** True once the run has an outcome: it is ending or has ended. */
    boolean ended() {
        return outcome != null;
    }

    /** True while a world loads: the first one, or a reload's. */
    boolean loading() {
        SimState s = commandState();
        return s == SimState.CONNECT || s == SimState.RESET;
    }

    /** Transitions: the loop steps from now, at {@code first}. */
    void startStepping(SimState first) {
        phase = first;
        stepping = true;
    }

    /** The loop: the step it is in has reached {@code next}. */
    void phase(SimState next) {
        phase = next;
    }

    /** Transitions: the loop no longer steps (the machine says where it is). */
    void stopStepping() {
        stepping = false;
    }

    /** The commands accepted now, in the order a refusal lists them. */
    Set<String> allowedCommands() {
        if (controller != null && !ended() && (stepping || paused())) {
            return HELD_COMMANDS;
        }
        Set<String> accepted = names(SimulationMachine.acceptedCommands(commandState()));
        if (physicsFailure != null && !ended()) {
            Set<String> rebuildFirst = new LinkedHashSet<>(accepted);
            STEPPING_COMMANDS.forEach(rebuildFirst::remove);
            return Collections.unmodifiableSet(rebuildFirst);
        }
        return accepted;
    }

    /** The loop: the physics engine failed in a step, for {@code why}; the world steps no more until rebuilt. */
    void physicsFailed(String why) {
        physicsFailure = why;
    }

    /** A reset or a reload has rebuilt the world: it may step again. */
    void physicsRebuilt() {
        physicsFailure = null;
    }

    /** Why the physics engine failed, while that stands; else null. */
    String physicsFailure() {
        return physicsFailure;
    }

    /** Refuses {@code command}, which would step the world, while the physics engine's failure stands. */
    void requirePhysicsWorking(String command) {
        String failure = physicsFailure;
        if (failure != null) {
            throw new PhysicsFailedException(command, failure, currentState(), allowedCommands());
        }
    }

    /** RunEnding: the run ends with {@code result}, for {@code why} (null when nothing went wrong). */
    void end(Outcome result, String why) {
        message = why;
        outcome = result;
        stepping = false;
    }

    Outcome outcome() {
        return outcome;
    }

    String message() {
        return message;
    }

    /** Records a death the loop could not end as a run (its last net). */
    void died(String why) {
        message = why;
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

    static Set<String> names(Set<SimCommand> commands) {
        Set<String> names = new LinkedHashSet<>();
        for (SimCommand c : commands) {
            names.add(c.displayName());
        }
        return Collections.unmodifiableSet(names);
    }
}
