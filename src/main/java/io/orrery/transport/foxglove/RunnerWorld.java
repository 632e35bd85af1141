package io.orrery.transport.foxglove;

import com.google.protobuf.Message;
import io.orrery.runner.SavedWorld;
import io.orrery.runner.SimulationRunner;
import io.orrery.topic.TopicBus;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The world the Foxglove server shows, through the runner's commands (as the HTTP API posts them). */
final class RunnerWorld implements WorldPort {

    private final SimulationRunner runner;

    RunnerWorld(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public Optional<TopicBus> bus() {
        return runner.topics();
    }

    @Override
    public CompletableFuture<?> publish(String topic, Message message) {
        return runner.publish(topic, message);
    }

    @Override
    public CompletableFuture<?> pause() {
        return runner.pause();
    }

    @Override
    public CompletableFuture<?> resume() {
        return runner.resume();
    }

    @Override
    public CompletableFuture<?> step(long count) {
        return runner.step(count);
    }

    @Override
    public CompletableFuture<?> reset() {
        return runner.reset();
    }

    @Override
    public double realTimeFactor() {
        return runner.status().realTimeFactor();
    }

    @Override
    public CompletableFuture<?> setRealTimeFactor(double factor) {
        return runner.setRealTimeFactor(factor);
    }

    @Override
    public CompletableFuture<List<ModelSpec>> models() {
        return runner.captureForSave().thenApply(RunnerWorld::models);
    }

    /** The records of the models there are now, in the snapshot's order: as loaded, or as spawned. */
    private static List<ModelSpec> models(SavedWorld saved) {
        Map<String, ModelSpec> specs = new HashMap<>();
        saved.loaded().models().forEach(m -> specs.put(m.name(), m));
        for (ModelSnapshot m : saved.state().models()) {
            m.spawnedSpec().ifPresent(spec -> specs.put(m.name(), spec));
        }
        List<ModelSpec> now = new ArrayList<>();
        for (ModelSnapshot m : saved.state().models()) {
            ModelSpec spec = specs.get(m.name());
            if (spec != null) {
                now.add(spec);
            }
        }
        return now;
    }
}
