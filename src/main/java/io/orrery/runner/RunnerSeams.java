package io.orrery.runner;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.ServicePort;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.plugin.internal.WorldAccess;
import io.orrery.runner.command.Command;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.edit.Editing;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.WorldSession;
import io.orrery.topic.BusDriver;
import io.orrery.topic.TopicBus;
import io.orrery.world.ModelSpec;
import io.orrery.world.PerformerSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/** What the runner hands a world's plugins and its topic bus: the seams through which they reach the runner. */
final class RunnerSeams {

    private RunnerSeams() {}

    /**
     * What one session's plugins reach: their own world (what they submit once it is unloaded is refused, never
     * applied to the next) and their own bus (so they never publish into the next world).
     */
    static WorldAccess worldAccess(
            Editing edits,
            RunReads reads,
            Supplier<WorldSession> owner,
            TopicBus topics,
            Components components,
            Optional<Path> outputDirectory,
            Supplier<ServicePort> services) {
        return new WorldAccess() {
            @Override
            public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
                return edits.submit(name, action, owner);
            }

            @Override
            public WorldSnapshot snapshot() {
                return reads.snapshot();
            }

            @Override
            public TopicBus topics() {
                return topics;
            }

            @Override
            public Optional<ModelSpec> modelSpec(String model) {
                WorldSession session = owner.get();
                if (session == null) {
                    return Optional.empty();
                }
                return session.edits
                        .spawnedSpec(model)
                        .or(() -> session.spec.models().stream()
                                .filter(m -> m.name().equals(model))
                                .findFirst());
            }

            @Override
            public ServicePort services() {
                return services.get();
            }

            @Override
            public Components components() {
                return components;
            }

            @Override
            public Optional<WorldSpec> worldSpec() {
                WorldSession session = owner.get();
                return session == null ? Optional.empty() : Optional.of(session.spec);
            }

            @Override
            public Vec3 gravity() {
                WorldSession session = owner.get();
                return session == null ? WorldAccess.super.gravity() : session.spec.gravity();
            }

            @Override
            public Vec3 wind() {
                WorldSession session = owner.get();
                return session == null ? WorldAccess.super.wind() : session.spec.wind();
            }

            @Override
            public List<PerformerSpec> performers() {
                WorldSession session = owner.get();
                return session == null ? WorldAccess.super.performers() : session.spec.performers();
            }

            @Override
            public Optional<Path> outputDirectory() {
                return outputDirectory;
            }
        };
    }

    /** The runner drives every world's topic bus: messages from other threads come as publish commands. */
    static BusDriver topicDriver(RunState state, CommandPosts posts) {
        return new BusDriver() {
            @Override
            public boolean onDrivingThread() {
                return state.onRunnerThread();
            }

            @Override
            public CompletableFuture<Void> later(Runnable delivery) {
                return later(delivery, 0);
            }

            @Override
            public CompletableFuture<Void> later(Runnable delivery, long bytes) {
                // From a PostUpdate system on a pool thread: delivered in this step, in the serial mode's order.
                WorldSession s = state.session();
                Optional<CompletableFuture<Void>> inRound =
                        s == null ? Optional.empty() : s.systems.afterPostUpdateRound(delivery);
                if (inRound.isPresent()) {
                    return inRound.get();
                }
                // From a plugin's thread: a command, bounded by its message's size as well as by the count.
                return posts.post("publish", Command.LIVE, Math.max(1, bytes), () -> {
                    delivery.run();
                    return null;
                });
            }
        };
    }
}
