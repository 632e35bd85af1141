package io.orrery.runner.edit;

import com.google.protobuf.Message;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.ControlHeldException;
import io.orrery.runner.port.TopicAccess;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.WorldSession;
import io.orrery.topic.TopicBus;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The topic port: the loaded world's bus, and messages from outside the loop delivered at StepEnd. */
public final class Publishing implements TopicAccess {

    private final RunState state;
    private final CommandPosts posts;

    public Publishing(RunState state, CommandPosts posts) {
        this.state = state;
        this.posts = posts;
    }

    @Override
    public Optional<TopicBus> bus() {
        WorldSession s = state.session();
        return s == null ? Optional.empty() : Optional.of(s.topics);
    }

    @Override
    public CompletableFuture<Void> publish(String topic, Message message) {
        WorldSession s = state.session();
        if (s == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("no world is loaded yet"));
        }
        if (state.onRunnerThread()) {
            try {
                return s.topics.publish(topic, message);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        ControlHandle held = state.controller();
        if (held != null) { // refused at once, so the caller hears it; checked again where it is applied
            return CompletableFuture.failedFuture(
                    new ControlHeldException("publish", held.holder(), state.currentState(), RunState.HELD_COMMANDS));
        }
        try {
            s.topics.check(topic, message); // fails at once for a topic or type that cannot be published
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        // Applied on the runner thread, where the bus delivers at once: refused while a controller holds the
        // simulation, dropped when the world it was meant for has been unloaded since.
        // Bounded by its size as well as by the count: a thousand megabyte messages would otherwise wait in a batch.
        long bytes = Math.max(1, message.getSerializedSize());
        return posts.publish(topic, message, bytes, posts.unlessHeld("publish", () -> {
            if (state.session() == s) {
                s.topics.publish(topic, message);
            }
            return null;
        }));
    }
}
