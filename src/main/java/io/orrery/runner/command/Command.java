package io.orrery.runner.command;

import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.lifecycle.SimulationMachine;
import io.orrery.runner.port.AbortException;
import io.orrery.runner.port.AppliedCommand;
import io.orrery.runner.port.CommandRefusedException;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A request to the runner thread: applied between steps if the state allows it, answered through a future.
 *
 * @param <T> what the answer carries
 */
public final class Command<T> {

    /** Where the world is live: stepping (commands at StepEnd) or paused. */
    public static final Set<SimState> LIVE = EnumSet.of(SimState.STEP_END, SimState.PAUSE);
    /** Wherever the runner takes commands: also while a world loads. */
    public static final Set<SimState> ANY =
            EnumSet.of(SimState.CONNECT, SimState.RESET, SimState.STEP_END, SimState.PAUSE);

    /** How a command behaves while a step batch runs. */
    public enum Kind {
        /** Waits until the batch has ended, in the order it came. */
        ORDINARY,
        /** Only reads the world: served at every StepEnd, also inside a batch. */
        READ,
        /** Ends a batch at the next StepEnd (stop, pause). */
        INTERRUPT
    }

    final String name;
    /** The states, as {@link RunState#commandState()} names them, in which it may run. */
    final Set<SimState> acceptedIn;

    final Kind kind;
    /** Whether it counts against the queue's bound: ordinary commands do, unless they let go of something. */
    final boolean bounded;
    /** The bytes of data it holds (a published message's size), counted against the queue's bound on bytes. */
    final long bytes;

    private final Supplier<T> action;
    final CompletableFuture<T> future = new CompletableFuture<>();
    /** What a recording keeps of it once applied. */
    AppliedCommand applied;
    /** What a recording keeps of it, told by its answer; when set, it replaces {@link #applied} once applied. */
    Function<? super T, AppliedCommand> appliedOf;

    Command(String name, Set<SimState> acceptedIn, Kind kind, Supplier<T> action) {
        this(name, acceptedIn, kind, kind == Kind.ORDINARY, action);
    }

    Command(String name, Set<SimState> acceptedIn, Kind kind, boolean bounded, Supplier<T> action) {
        this(name, acceptedIn, kind, bounded, 0, action);
    }

    Command(String name, Set<SimState> acceptedIn, Kind kind, boolean bounded, long bytes, Supplier<T> action) {
        this.name = name;
        this.acceptedIn = acceptedIn;
        this.kind = kind;
        this.bounded = bounded;
        this.bytes = bytes;
        this.action = action;
        this.applied = AppliedCommand.named(name);
    }

    /** A user's command, accepted where the lifecycle's table accepts it. */
    static <T> Command<T> of(SimCommand command, Kind kind, Supplier<T> action) {
        return new Command<>(command.displayName(), statesAccepting(command), kind, action);
    }

    /** The states whose row of the table lists {@code command}. */
    public static Set<SimState> statesAccepting(SimCommand command) {
        Set<SimState> states = EnumSet.noneOf(SimState.class);
        for (SimState s : SimState.values()) {
            if (SimulationMachine.acceptedCommands(s).contains(command)) {
                states.add(s);
            }
        }
        return states;
    }

    /** True when it may run while a world loads (a plugin's start may ask for it). */
    boolean acceptedWhileLoading() {
        return acceptedIn.contains(SimState.CONNECT);
    }

    /**
     * Runs the action if {@code state} ({@link RunState#commandState()}) accepts it, else refuses naming
     * {@code shown} (the state a user sees) and {@code allowed}. An {@link AbortException} or an {@link Error}
     * answers the caller and is rethrown: it ends the run.
     */
    public void run(SimState state, SimState shown, Set<String> allowed) {
        if (!acceptedIn.contains(state)) {
            future.completeExceptionally(new CommandRefusedException(name, shown, allowed));
            return;
        }
        try {
            T result = action.get();
            if (appliedOf != null) {
                applied = appliedOf.apply(result);
            }
            future.complete(result);
        } catch (AbortException | Error e) {
            future.completeExceptionally(e); // the caller hears why, then the run ends
            throw e;
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
        }
    }

    /** What was applied, once {@link #run} applied it; empty for a read, a refused or a failed command. */
    public Optional<AppliedCommand> applied() {
        boolean done = future.isDone() && !future.isCompletedExceptionally();
        return kind != Kind.READ && done ? Optional.of(applied) : Optional.empty();
    }

    /** Refuses the command: the run has ended. */
    void refuse(SimState state) {
        future.completeExceptionally(new CommandRefusedException(name, state, Set.of()));
    }
}
