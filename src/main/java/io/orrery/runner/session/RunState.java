package io.orrery.runner.session;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import io.orrery.runner.pacing.PhaseTimes;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.PhysicsFailedException;
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
public final class RunState {

    /** The commands anyone but the controller may give while a controller holds the simulation. */
    public static final Set<String> HELD_COMMANDS = Set.of(SimCommand.STOP.displayName());

    /** The commands that would step the world: refused while the physics engine's failure stands. */
    private static final Set<String> STEPPING_COMMANDS =
            Set.of(SimCommand.RESUME.displayName(), SimCommand.STEP.displayName(), SimCommand.RUN_TO.displayName());

    private final SimulationMachine machine = SimulationMachine.create();
    private final PhaseTimes phaseTimes = new PhaseTimes();

    private volatile boolean stepping;
    private volatile SimState phase = SimState.CONNECT;
    private volatile WorldSession session;
    private volatile Path worldFile;
    private volatile Outcome outcome;
    private volatile String message;
    /** Why the physics engine failed in a step, until a reset or a reload rebuilds the world; else null. */
    private volatile String physicsFailure;

    private volatile boolean resetting;
    private volatile long lastProgressNanos;
    private volatile Thread thread;
    /** The controller holding the simulation, if any (set and cleared by the hold). */
    private volatile ControlHandle controller;

    /** Runner thread: the stop asked for (a command, a trigger, a stop condition), applied at a safe point. */
    private Outcome requestedStop;
    /** Why {@link #requestedStop} was asked for, or null. */
    private String requestedStopWhy;
    /** Runner thread: when the runner thread started, for the wall time systems are given. */
    private long wallStartNanos;

    public RunState(Path worldFile) {
        this.worldFile = worldFile;
    }

    /** The lifecycle machine; walked on the runner thread only. */
    public SimulationMachine machine() {
        return machine;
    }

    /** Time spent in each step phase since the start. */
    public PhaseTimes phaseTimes() {
        return phaseTimes;
    }

    /** The loaded world; null before the first has loaded. */
    public WorldSession session() {
        return session;
    }

    /** Runner thread: {@code next} is the world everyone sees from now on. */
    public void session(WorldSession next) {
        session = next;
    }

    /** The world's file: the one loaded, or the one a reload loads. */
    public Path worldFile() {
        return worldFile;
    }

    public void worldFile(Path file) {
        worldFile = file;
    }

    /** True while a reset or a reload is under way. */
    public boolean resetting() {
        return resetting;
    }

    public void resetting(boolean underWay) {
        resetting = underWay;
    }

    /** When the loop last made progress, on the runner's clock. */
    public long lastProgressNanos() {
        return lastProgressNanos;
    }

    /** Runner thread: the loop made progress at {@code nanos}. */
    public void progressed(long nanos) {
        lastProgressNanos = nanos;
    }

    /** The runner thread, once started. */
    public Thread thread() {
        return thread;
    }

    public void thread(Thread runnerThread) {
        thread = runnerThread;
    }

    /** The controller holding the simulation, or null. */
    public ControlHandle controller() {
        return controller;
    }

    /** The hold: {@code handle} holds the simulation from now on (null: nobody does). */
    public void controller(ControlHandle handle) {
        controller = handle;
    }

    /** Runner thread: the stop asked for and not yet applied, or null. */
    public Outcome requestedStop() {
        return requestedStop;
    }

    /** Runner thread: why the stop asked for was asked for (a trigger's firing), or null. */
    public String requestedStopWhy() {
        return requestedStopWhy;
    }

    /** Runner thread: the stop asked for is being applied (or was dropped). */
    public void clearRequestedStop() {
        requestedStop = null;
        requestedStopWhy = null;
    }

    /** Runner thread: when the runner thread started. */
    public long wallStartNanos() {
        return wallStartNanos;
    }

    public void wallStartNanos(long nanos) {
        wallStartNanos = nanos;
    }

    /** The state now: the machine's, or while the loop steps, the phase of the step. */
    public SimState currentState() {
        return stepping ? phase : machine.state();
    }

    /**
     * Where commands are taken, the state the command table is read in: StepEnd while stepping (commands are applied
     * at StepEnd), else the machine's state; Disconnect once the run has ended.
     */
    public SimState commandState() {
        if (outcome != null) {
            return SimState.DISCONNECT;
        }
        return stepping ? SimState.STEP_END : machine.state();
    }

    /** True while the loop steps: running, running to a time, or in a step batch. */
    public boolean stepping() {
        return stepping;
    }

    /** True while in Pause, not stepping, and the run goes on. */
    public boolean paused() {
        return !stepping && outcome == null && machine.state() == SimState.PAUSE;
    }

    /** True once the run has an outcome: it is ending or has ended. */
    public boolean ended() {
        return outcome != null;
    }

    /** True while a world loads: the first one, or a reload's. */
    public boolean loading() {
        SimState s = commandState();
        return s == SimState.CONNECT || s == SimState.RESET;
    }

    /** Transitions: the loop steps from now, at {@code first}. */
    public void startStepping(SimState first) {
        phase = first;
        stepping = true;
    }

    /** The loop: the step it is in has reached {@code next}. */
    public void phase(SimState next) {
        phase = next;
    }

    /** Transitions: the loop no longer steps (the machine says where it is). */
    public void stopStepping() {
        stepping = false;
    }

    /** The commands accepted now, in the order a refusal lists them. */
    public Set<String> allowedCommands() {
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
    public void physicsFailed(String why) {
        physicsFailure = why;
    }

    /** A reset or a reload has rebuilt the world: it may step again. */
    public void physicsRebuilt() {
        physicsFailure = null;
    }

    /** Why the physics engine failed, while that stands; else null. */
    public String physicsFailure() {
        return physicsFailure;
    }

    /** Refuses {@code command}, which would step the world, while the physics engine's failure stands. */
    public void requirePhysicsWorking(String command) {
        String failure = physicsFailure;
        if (failure != null) {
            throw new PhysicsFailedException(command, failure, currentState(), allowedCommands());
        }
    }

    /** RunEnding: the run ends with {@code result}, for {@code why} (null when nothing went wrong). */
    public void end(Outcome result, String why) {
        message = why;
        outcome = result;
        stepping = false;
    }

    public Outcome outcome() {
        return outcome;
    }

    public String message() {
        return message;
    }

    /** Records a death the loop could not end as a run (its last net). */
    public void died(String why) {
        message = why;
    }

    public boolean onRunnerThread() {
        return Thread.currentThread() == thread;
    }

    /** Runner thread: asks for a stop with {@code o} unless one was already asked for. */
    public void requestStop(Outcome o) {
        requestStop(o, null);
    }

    /** {@link #requestStop(Outcome)}, saying why (null: it needs no words, as a stop asked for or a stop condition). */
    public void requestStop(Outcome o, String why) {
        if (requestedStop == null) {
            requestedStop = o;
            requestedStopWhy = why;
        }
    }

    public static Set<String> names(Set<SimCommand> commands) {
        Set<String> names = new LinkedHashSet<>();
        for (SimCommand c : commands) {
            names.add(c.displayName());
        }
        return Collections.unmodifiableSet(names);
    }
}
