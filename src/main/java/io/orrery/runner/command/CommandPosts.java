package io.orrery.runner.command;

import com.google.protobuf.Message;
import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.port.AppliedCommand;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.ControlHeldException;
import io.orrery.runner.session.RunState;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How the runner's API posts its commands: each to the queue with the states that accept it, refused on the runner
 * thread while a controller holds the simulation where it must be, and answered once the plugins of the models it
 * brought in have started where it joins models. Any thread.
 */
public final class CommandPosts {

    private final CommandQueue commands;
    private final RunState state;
    /** How long an answer waits for the plugins of the models a command brought in to start. */
    private final long pluginStartTimeoutNanos;

    public CommandPosts(CommandQueue commands, RunState state, long pluginStartTimeoutNanos) {
        this.commands = commands;
        this.state = state;
        this.pluginStartTimeoutNanos = pluginStartTimeoutNanos;
    }

    /** A user's command, accepted where the lifecycle's table accepts it. */
    public <T> CompletableFuture<T> post(SimCommand command, Supplier<T> action) {
        return post(command, Command.Kind.ORDINARY, action);
    }

    public <T> CompletableFuture<T> post(SimCommand command, Command.Kind kind, Supplier<T> action) {
        return commands.post(Command.of(command, kind, action)).future;
    }

    /** One of the runner's own commands, accepted in {@code acceptedIn}. */
    public <T> CompletableFuture<T> post(String name, Set<SimState> acceptedIn, Command.Kind kind, Supplier<T> action) {
        return commands.post(new Command<>(name, acceptedIn, kind, action)).future;
    }

    /**
     * An ordinary command carrying {@code bytes} of data (a topic message), refused when the bytes waiting would pass
     * {@code orrery.max-pending-publish-bytes}.
     */
    public <T> CompletableFuture<T> post(String name, Set<SimState> acceptedIn, long bytes, Supplier<T> action) {
        return commands.post(new Command<>(name, acceptedIn, Command.Kind.ORDINARY, true, bytes, action)).future;
    }

    /**
     * A message published from outside the loop: {@link #post(String, Set, long, Supplier)} that tells listeners the
     * topic and message once applied.
     */
    public <T> CompletableFuture<T> publish(String topic, Message message, long bytes, Supplier<T> action) {
        Command<T> c = new Command<>("publish", Command.LIVE, Command.Kind.ORDINARY, true, bytes, action);
        c.applied = AppliedCommand.publish(topic, message);
        return commands.post(c).future;
    }

    /** A user's command that a recording keeps as {@code applied}. */
    public <T> CompletableFuture<T> post(SimCommand command, AppliedCommand applied, Supplier<T> action) {
        Command<T> c = Command.of(command, Command.Kind.ORDINARY, action);
        c.applied = applied;
        return commands.post(c).future;
    }

    /** An ordinary command that a recording keeps as {@code applied} tells from its answer. */
    public <T> CompletableFuture<T> post(
            String name, Set<SimState> acceptedIn, Function<? super T, AppliedCommand> applied, Supplier<T> action) {
        Command<T> c = new Command<>(name, acceptedIn, Command.Kind.ORDINARY, action);
        c.appliedOf = applied;
        return commands.post(c).future;
    }

    /** A command that is never refused for room (one that lets go of something). */
    public <T> CompletableFuture<T> postUnbounded(String name, Set<SimState> acceptedIn, Supplier<T> action) {
        return commands.post(new Command<>(name, acceptedIn, Command.Kind.ORDINARY, false, action)).future;
    }

    /**
     * A command that may bring models into the world (a spawn, a reset that restores removed ones): its answer waits,
     * off the runner thread, until their plugins have started (at most the plugin start timeout), so what they
     * subscribe to is there when the caller hears back. The loop, for its part, steps them only once their plugin
     * systems are bound.
     */
    public <T> CompletableFuture<T> joining(SimCommand command, Supplier<T> action) {
        return joining(command.displayName(), Command.statesAccepting(command), action);
    }

    public <T> CompletableFuture<T> joining(String name, Set<SimState> acceptedIn, Supplier<T> action) {
        return joining(name, acceptedIn, AppliedCommand.named(name), action);
    }

    /** {@link #joining(SimCommand, Supplier)} that a recording keeps as {@code applied}. */
    public <T> CompletableFuture<T> joining(SimCommand command, AppliedCommand applied, Supplier<T> action) {
        return joining(command.displayName(), Command.statesAccepting(command), applied, action);
    }

    /** {@link #joining(String, Set, Supplier)} that a recording keeps as {@code applied}. */
    public <T> CompletableFuture<T> joining(
            String name, Set<SimState> acceptedIn, AppliedCommand applied, Supplier<T> action) {
        Command<CompletableFuture<T>> c = new Command<>(name, acceptedIn, Command.Kind.ORDINARY, () -> {
            T result = action.get();
            return state.session()
                    .modelPluginsSettled()
                    .completeOnTimeout(null, pluginStartTimeoutNanos, TimeUnit.NANOSECONDS)
                    .thenApply(settled -> result);
        });
        c.applied = applied;
        return commands.post(c).future.thenCompose(answer -> answer);
    }

    /** {@code action}, refused on the runner thread while a controller holds the simulation. */
    public <T> Supplier<T> unlessHeld(String name, Supplier<T> action) {
        return () -> {
            ControlHandle h = state.controller();
            if (h != null) {
                throw new ControlHeldException(name, h.holder(), state.currentState(), RunState.HELD_COMMANDS);
            }
            return action.get();
        };
    }
}
