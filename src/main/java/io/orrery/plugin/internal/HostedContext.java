package io.orrery.plugin.internal;

import io.orrery.event.EventSink;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.ServicePort;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.topic.TopicBus;
import io.orrery.world.ModelSpec;
import io.orrery.world.PerformerSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** The host's {@link PluginContext}: one per plugin, delegating to the runner's seams. */
record HostedContext(OwnedPluginSpec owned, WorldAccess world, EventSink events) implements PluginContext {

    @Override
    public PluginSpec spec() {
        return owned.spec();
    }

    @Override
    public PluginOwner owner() {
        return owned.owner();
    }

    @Override
    public String qualifiedName() {
        return owned.qualifiedName();
    }

    @Override
    public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
        // The plugin's name goes with the command so the runner's logs say who asked.
        return world.submit(qualifiedName() + ": " + name, action);
    }

    @Override
    public Optional<ModelSpec> modelSpec() {
        return owned.model();
    }

    @Override
    public Optional<ModelSpec> modelSpec(String model) {
        return world.modelSpec(model);
    }

    @Override
    public Components components() {
        return world.components();
    }

    @Override
    public Optional<WorldSpec> worldSpec() {
        return world.worldSpec();
    }

    @Override
    public Vec3 gravity() {
        return world.gravity();
    }

    @Override
    public Vec3 wind() {
        return world.wind();
    }

    @Override
    public List<PerformerSpec> performers() {
        return world.performers();
    }

    @Override
    public Optional<Path> outputDirectory() {
        return world.outputDirectory();
    }

    @Override
    public String scope() {
        return owned.scope();
    }

    @Override
    public ServicePort services() {
        return world.services();
    }

    @Override
    public WorldSnapshot snapshot() {
        return world.snapshot();
    }

    @Override
    public TopicBus topics() {
        return world.topics();
    }

    @Override
    public void emit(String event, Object payload) {
        events.emit(event, payload);
    }
}
