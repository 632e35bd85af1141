package io.orrery.runner;

import io.orrery.lifecycle.SimState;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A request to the runner thread: applied between steps if the mode allows it, answered through a future.
 *
 * @param <T> what the answer carries
 */
final class Command<T> {

    /** How a command behaves while a step batch runs. */
    enum Kind {
        /** Waits until the batch has ended, in the order it came. */
        ORDINARY,
        /** Only reads the world: served at every StepEnd, also inside a batch. */
        READ,
        /** Ends a batch at the next StepEnd (stop, pause). */
        INTERRUPT
    }

    final String name;
    final Set<Mode> allowedIn;
    final Kind kind;
    /** Whether it counts against the queue's bound: ordinary commands do, unless they let go of something. */
    final boolean bounded;
    private final Supplier<T> action;
    final CompletableFuture<T> future = new CompletableFuture<>();

    Command(String name, Set<Mode> allowedIn, Kind kind, Supplier<T> action) {
        this(name, allowedIn, kind, kind == Kind.ORDINARY, action);
    }

    Command(String name, Set<Mode> allowedIn, Kind kind, boolean bounded, Supplier<T> action) {
        this.name = name;
        this.allowedIn = allowedIn;
        this.kind = kind;
        this.bounded = bounded;
        this.action = action;
    }

    /**
     * Runs the action if {@code mode} allows it, else refuses naming {@code state} and what is allowed. An
     * {@link AbortException} or an {@link Error} answers the caller and is rethrown: it ends the run.
     */
    void run(Mode mode, SimState state) {
        if (!allowedIn.contains(mode)) {
            future.completeExceptionally(new CommandRefusedException(name, state, mode.allowedCommands()));
            return;
        }
        try {
            future.complete(action.get());
        } catch (AbortException | Error e) {
            future.completeExceptionally(e); // the caller hears why, then the run ends
            throw e;
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
        }
    }

    /** Refuses the command: the run has ended. */
    void refuse(SimState state) {
        future.completeExceptionally(new CommandRefusedException(name, state, Set.of()));
    }
}
