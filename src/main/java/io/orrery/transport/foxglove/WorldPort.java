package io.orrery.transport.foxglove;

import com.google.protobuf.Message;
import io.orrery.topic.TopicBus;
import io.orrery.world.ModelSpec;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What the Foxglove server needs of the world it shows: its topic bus, publishing on it, world control and the models'
 * records. The wiring implements it over the use cases; every refusal (a run that has ended, a controller's hold) is
 * theirs, carried back as the future's failure.
 */
interface WorldPort {

    /** The current world's bus; empty before a world has loaded. */
    Optional<TopicBus> bus();

    /** Publishes {@code message} on {@code topic} from outside the loop, as the HTTP API does. */
    CompletableFuture<?> publish(String topic, Message message);

    CompletableFuture<?> pause();

    CompletableFuture<?> resume();

    /** While paused: {@code count} steps. */
    CompletableFuture<?> step(long count);

    CompletableFuture<?> reset();

    /** The target real-time factor (0: as fast as possible). */
    double realTimeFactor();

    CompletableFuture<?> setRealTimeFactor(double factor);

    /** The records of the world's models now: as loaded, and those spawned since. */
    CompletableFuture<List<ModelSpec>> models();
}
