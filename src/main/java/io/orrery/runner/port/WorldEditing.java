package io.orrery.runner.port;

import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * World edits: models spawned, removed, teleported and made static or dynamic, the world captured for a save, and
 * actions on the physics world, each a command applied on the runner thread between steps. Refused while a
 * controller holds the simulation ({@link ControlHeldException}), except the capture and the actions. Any thread.
 */
public interface WorldEditing {

    /**
     * Adds a model (pose in the world frame); its plugins start and are tracked, and the answer comes once they have
     * started. The model takes part in no step before its plugin systems are bound. A model of that name fails it
     * with {@link ModelExistsException}; a plugin that would connect to a host not allowed fails it, and nothing is
     * added. {@code snippet}, when given, is the SDF the model was read from: a world save writes the model as the
     * user wrote it (visuals and sensors included). {@code source}, when given, is the request the model was built
     * from, which a recording keeps so that a replay builds it again; a spawn without one cannot be replayed.
     */
    CompletableFuture<ModelState> spawn(
            ModelSpec model, Optional<String> snippet, Optional<AppliedCommand.Spawn> source);

    /** Adds a model that a replay cannot build again (see {@link #spawn(ModelSpec, Optional, Optional)}). */
    default CompletableFuture<ModelState> spawn(ModelSpec model, Optional<String> snippet) {
        return spawn(model, snippet, Optional.empty());
    }

    /** Adds a model with no snippet of its own (see {@link #spawn(ModelSpec, Optional)}). */
    default CompletableFuture<ModelState> spawn(ModelSpec model) {
        return spawn(model, Optional.empty());
    }

    /** Removes a model; its plugins end. */
    CompletableFuture<Void> remove(String model);

    /** Teleports a model: pose set and transforms synced at once. */
    CompletableFuture<ModelState> teleport(String model, Pose pose);

    /** Makes a model static or dynamic. */
    CompletableFuture<ModelState> setStatic(String model, boolean isStatic);

    /**
     * The world as loaded and its state now, for writing it back to SDF: every model's pose and static flag, models
     * spawned since the load with their snippets, removed ones absent. Served inside step batches too.
     */
    CompletableFuture<SavedWorld> captureForSave();

    /**
     * Runs {@code action} on the runner thread with the physics world, between steps. The world must not escape the
     * action. Accepted while loading too, so plugins can use the world from their start.
     */
    <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action);
}
