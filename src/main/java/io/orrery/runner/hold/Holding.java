package io.orrery.runner.hold;

import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.command.Command;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.port.AppliedCommand;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.ControllerHold;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.WorldSession;
import io.orrery.topic.TopicBus;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/** The controller-hold port: the hold taken, released and checked, and lockstep steps, each a command to the loop. */
public final class Holding implements ControllerHold {

    private final RunState state;
    private final CommandPosts posts;
    private final Lockstep lockstep;
    private final RunReads reads;

    public Holding(RunState state, CommandPosts posts, Lockstep lockstep, RunReads reads) {
        this.state = state;
        this.posts = posts;
        this.lockstep = lockstep;
        this.reads = reads;
    }

    @Override
    public CompletableFuture<ControlHandle> acquire(String holder) {
        Hold handle = new Hold(holder, this);
        return posts.post("acquire", Command.LIVE, Command.Kind.ORDINARY, () -> lockstep.acquire(handle));
    }

    @Override
    public Optional<String> controller() {
        ControlHandle h = state.controller();
        return h == null ? Optional.empty() : Optional.of(h.holder());
    }

    @Override
    public CompletableFuture<Optional<String>> release(Optional<String> holder) {
        return posts.postUnbounded("release", Command.ANY, () -> lockstep.forceRelease(holder));
    }

    @Override
    public CompletableFuture<StepResult> step(StepRequest request) {
        return posts.post(SimCommand.STEP, posts.unlessHeld("step", () -> lockstep.step(request)));
    }

    @Override
    public CompletableFuture<StepResult> observe(List<String> topics, List<String> models) {
        try {
            WorldSession s = state.session();
            if (s == null) {
                throw new IllegalStateException("no world is loaded yet");
            }
            TopicBus bus = s.topics;
            WorldSnapshot snap = models.isEmpty() ? null : reads.snapshot();
            return CompletableFuture.completedFuture(Lockstep.look(reads.status(), snap, bus, topics, models));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The holder lets go; never refused for room: a closing connection's hold must always be let go. */
    CompletableFuture<Void> release(Hold handle, String reason) {
        if (state.controller() != handle) {
            return CompletableFuture.completedFuture(null);
        }
        return posts.postUnbounded("release", Command.ANY, () -> {
            lockstep.release(handle, reason);
            return null;
        });
    }

    /** True while {@code handle} holds the simulation. */
    boolean holds(Hold handle) {
        return state.controller() == handle;
    }

    /** A lockstep step of the holder {@code handle}: refused once it no longer holds the simulation. */
    <T> CompletableFuture<T> postForHolder(
            Hold handle,
            String name,
            long steps,
            Function<Lockstep, T> action,
            Function<? super T, AppliedCommand> applied) {
        Set<SimState> allowed = steps > 0 ? Command.statesAccepting(SimCommand.STEP) : Command.LIVE;
        return posts.post(name, allowed, applied, held(handle, name, action));
    }

    /**
     * A reset of the holder {@code handle}: refused once it no longer holds the simulation; its answer waits until the
     * plugins of the models it restored have started.
     */
    <T> CompletableFuture<T> postForHolder(
            Hold handle, String name, AppliedCommand applied, Function<Lockstep, T> action) {
        return posts.joining(name, Command.LIVE, applied, held(handle, name, action));
    }

    private <T> Supplier<T> held(Hold handle, String name, Function<Lockstep, T> action) {
        return () -> {
            if (state.controller() != handle) {
                throw new CommandRefusedException(
                        name + " (this controller no longer holds the simulation)",
                        state.currentState(),
                        state.allowedCommands());
            }
            return action.apply(lockstep);
        };
    }
}
