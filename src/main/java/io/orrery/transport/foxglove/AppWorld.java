package io.orrery.transport.foxglove;

import com.google.protobuf.Message;
import io.orrery.app.Topics;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.topic.TopicBus;
import io.orrery.transport.scene.SceneTopics;
import io.orrery.world.ModelSpec;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The world the Foxglove server shows, through the use cases of {@code io.orrery.app}, as the HTTP API reaches it. */
final class AppWorld implements WorldPort {

    private final WorldId world = WorldId.DEFAULT;
    private final Worlds worlds;
    private final Topics topics;
    private final WorldControl control;
    private final WorldFiles files;

    AppWorld(Worlds worlds, Topics topics, WorldControl control, WorldFiles files) {
        this.worlds = worlds;
        this.topics = topics;
        this.control = control;
        this.files = files;
    }

    @Override
    public Optional<TopicBus> bus() {
        return topics.currentBus(world);
    }

    @Override
    public CompletableFuture<?> publish(String topic, Message message) {
        return topics.publish(world, topic, message);
    }

    @Override
    public CompletableFuture<?> pause() {
        return control.pause(world);
    }

    @Override
    public CompletableFuture<?> resume() {
        return control.resume(world);
    }

    @Override
    public CompletableFuture<?> step(long count) {
        WorldControl.checkCount(count);
        return control.step(world, count);
    }

    @Override
    public CompletableFuture<?> reset() {
        return control.reset(world);
    }

    @Override
    public double realTimeFactor() {
        return worlds.get(world).reads().status().realTimeFactor();
    }

    @Override
    public CompletableFuture<?> setRealTimeFactor(double factor) {
        return control.setRealTimeFactor(world, factor);
    }

    /** Waits for the runner's capture (the caller is the server's tick, never the runner). */
    @Override
    public CompletableFuture<List<ModelSpec>> models() {
        try {
            return CompletableFuture.completedFuture(SceneTopics.models(files, world));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
