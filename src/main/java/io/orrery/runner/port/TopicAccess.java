package io.orrery.runner.port;

import com.google.protobuf.Message;
import io.orrery.topic.TopicBus;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The current world's topic bus, and messages published on it from outside the loop. Any thread. */
public interface TopicAccess {

    /** The current world's topic bus; empty before a world is loaded. */
    Optional<TopicBus> bus();

    /**
     * Publishes {@code message} on {@code topic} of the current world's bus. From any thread but the runner's this is
     * a command, applied at StepEnd while running or paused (held while the world loads) and answered once the
     * subscribers have it; on the runner thread (a system) they get it at once. A reset or a reload before it is
     * applied drops it, so nothing reaches the next episode, and a controller holding the simulation refuses it
     * ({@link ControlHeldException}). Fails at once for an unknown topic ({@link io.orrery.topic.UnknownTopicException})
     * or a message of another type (IllegalArgumentException).
     */
    CompletableFuture<Void> publish(String topic, Message message);
}
