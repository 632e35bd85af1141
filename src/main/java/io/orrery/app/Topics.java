package io.orrery.app;

import com.google.protobuf.Message;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.TopicNames;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A world's topics, for every surface: list them, read a topic's latest message, publish one from outside the loop.
 * A topic name a caller gives is made absolute here, once ({@link TopicNames}); the bus takes it as it is.
 */
public final class Topics {

    /** How long a read of a topic that has a publisher but no message yet waits for its first one. */
    public static final Duration FIRST_MESSAGE_WAIT = Duration.ofSeconds(2);

    private final Worlds worlds;

    public Topics(Worlds worlds) {
        this.worlds = worlds;
    }

    /**
     * The absolute form of a topic name ({@code imu} is {@code /imu}).
     *
     * @throws IllegalArgumentException naming what is wrong with it
     */
    public String absolute(String name) {
        return TopicNames.normalize(name);
    }

    /** Every topic with its type, publishers and subscribers; none before the world has loaded. */
    public List<TopicInfo> list(WorldId world) {
        return worlds.get(world).topics().bus().map(TopicBus::topics).orElse(List.of());
    }

    /**
     * The topic's latest message, empty when there is none yet.
     *
     * @throws io.orrery.topic.UnknownTopicException for a topic nobody uses
     */
    public Optional<TopicMessage> latest(WorldId world, String name) {
        String topic = TopicNames.normalize(name);
        TopicBus bus = bus(world);
        bus.require(topic);
        return bus.latest(topic);
    }

    /**
     * A reader's read of the topic: its latest message, and the reader counts as one of its subscribers for a while
     * ({@link TopicBus#read}), so a topic built only for subscribers (the world's clock, statistics and poses) is
     * built. When there is no message yet and the topic has a publisher, waits up to {@link #FIRST_MESSAGE_WAIT} for
     * the first; empty when none came. The future completes off the runner thread.
     *
     * @throws io.orrery.topic.UnknownTopicException for a topic nobody uses
     */
    public CompletableFuture<Optional<TopicMessage>> read(WorldId world, String name) {
        String topic = TopicNames.normalize(name);
        TopicBus bus = bus(world);
        bus.require(topic);
        bus.read(topic);
        Optional<TopicMessage> latest = bus.latest(topic);
        if (latest.isPresent() || !hasPublisher(bus, topic)) {
            return CompletableFuture.completedFuture(latest);
        }
        CompletableFuture<TopicMessage> next = bus.next(topic);
        bus.latest(topic).ifPresent(next::complete); // one delivered since the look above
        // the runner thread completes the wait; what follows runs on another
        return next.completeOnTimeout(null, FIRST_MESSAGE_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                .thenApplyAsync(Optional::ofNullable);
    }

    private static boolean hasPublisher(TopicBus bus, String topic) {
        return bus.topic(topic).map(t -> !t.publishers().isEmpty()).orElse(false);
    }

    /**
     * Where a message may be published, and of what type: the topic's absolute name and message class.
     *
     * @throws io.orrery.topic.UnknownTopicException when nothing subscribes to it
     */
    public Target target(WorldId world, String name) {
        String topic = TopicNames.normalize(name);
        return new Target(topic, bus(world).requireSubscribed(topic));
    }

    /**
     * Publishes {@code message} on the target, applied at the next StepEnd (see
     * {@link io.orrery.runner.port.TopicAccess#publish}); a refusal the runner knows at once (the run has ended, a
     * controller holds the simulation) fails the future at once.
     */
    public CompletableFuture<Void> publish(WorldId world, Target target, Message message) {
        return worlds.get(world).topics().publish(target.topic(), message);
    }

    /**
     * Publishes {@code message} on {@code name}, applied at the next StepEnd.
     *
     * @throws io.orrery.topic.UnknownTopicException when nobody uses the topic
     */
    public CompletableFuture<Void> publish(WorldId world, String name, Message message) {
        return worlds.get(world).topics().publish(TopicNames.normalize(name), message);
    }

    /** The world's bus now, for a bridge that follows its topics; empty before the world has loaded. */
    public Optional<TopicBus> currentBus(WorldId world) {
        return worlds.get(world).topics().bus();
    }

    /**
     * The world's bus now.
     *
     * @throws IllegalStateException before the world has loaded
     */
    public TopicBus bus(WorldId world) {
        return worlds.get(world).topics().bus().orElseThrow(() -> new IllegalStateException("no world is loaded yet"));
    }

    /**
     * A topic one may publish on.
     *
     * @param topic its absolute name
     * @param type its message class
     */
    public record Target(String topic, Class<? extends Message> type) {}
}
