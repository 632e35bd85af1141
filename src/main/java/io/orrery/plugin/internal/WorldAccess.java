package io.orrery.plugin.internal;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.ServicePort;
import io.orrery.plugin.WorldSnapshot;
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

/**
 * The runner's seam for plugins: commands run on the runner thread between steps, the latest snapshot, and the
 * world's topic bus.
 */
public interface WorldAccess {

    /**
     * Queues {@code action} to run on the runner thread between two steps; the future completes with its
     * result, or exceptionally if it threw or the world was unloaded first.
     *
     * @param name what the command is, for logs and diagnostics
     */
    <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action);

    /** The latest snapshot, published by the runner after each step; cheap, safe from any thread. */
    WorldSnapshot snapshot();

    /** The world's topic bus: advertise, subscribe and publish from any thread; callbacks run on the runner's. */
    TopicBus topics();

    /** A top-level model now in the world, loaded or spawned, as its file or request gave it; runner thread. */
    default Optional<ModelSpec> modelSpec(String model) {
        return Optional.empty();
    }

    /** The world's component store, one per loaded world; runner thread only. */
    default Components components() {
        throw new UnsupportedOperationException("no world here, so no components");
    }

    /** The world as loaded (its file, models and spherical coordinates); none where there is no world. */
    default Optional<WorldSpec> worldSpec() {
        return Optional.empty();
    }

    /** The world's gravity (m/s²); SDF's default where there is no world. */
    default Vec3 gravity() {
        return new Vec3(0, 0, -9.8);
    }

    /** The world's {@code <wind><linear_velocity>} (m/s); none where there is no world. */
    default Vec3 wind() {
        return Vec3.ZERO;
    }

    /** The world services offered to plugins; none where the runner has no application around it. */
    default ServicePort services() {
        return ServicePort.NONE;
    }

    /** The world's performers (gz-sim's server configuration); none where there is no world. */
    default List<PerformerSpec> performers() {
        return List.of();
    }

    /** Where plugins write the files a world asks them for; none where the host was given no directory. */
    default Optional<Path> outputDirectory() {
        return Optional.empty();
    }
}
