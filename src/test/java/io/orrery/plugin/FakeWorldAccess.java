package io.orrery.plugin;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.internal.WorldAccess;
import io.orrery.topic.BusDriver;
import io.orrery.topic.TopicBus;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A runner stand-in: a fixed snapshot, submitted commands recorded and run against no world, and a topic bus that
 * delivers every message at once on the publishing thread.
 */
public final class FakeWorldAccess implements WorldAccess {

    public final List<String> submitted = new CopyOnWriteArrayList<>();
    private volatile WorldSnapshot snapshot;
    private final TopicBus topics = new TopicBus(BusDriver.callingThread());

    public FakeWorldAccess(WorldSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    public void set(WorldSnapshot next) {
        snapshot = next;
    }

    @Override
    public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
        submitted.add(name);
        try {
            return CompletableFuture.completedFuture(action.apply(null));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public WorldSnapshot snapshot() {
        return snapshot;
    }

    @Override
    public TopicBus topics() {
        return topics;
    }
}
