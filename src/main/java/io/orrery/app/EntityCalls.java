package io.orrery.app;

import com.gz.msgs.EntityFactoryProtos.EntityFactory;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.PoseProtos;
import io.orrery.physics.ModelState;
import io.orrery.runner.port.RunReads;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.topic.msgs.Messages;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code create}, {@code remove} and {@code set_pose} as gz sim's UserCommands take them, translated to the
 * {@link Models} use cases the HTTP API uses (the same checks, the same words). A model comes from an SDF string, {@code model://} URI or a file
 * inside the worlds directory ({@code sdf_filename}); a spawned model may include only {@code model://} models, as
 * over HTTP. Entities are named, or given by the ids Orrery publishes ({@link EntityIds}).
 */
final class EntityCalls {

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final Models models;
    private final RunReads world;

    EntityCalls(Models models, RunReads world) {
        this.models = models;
        this.world = world;
    }

    CompletableFuture<ModelState> create(EntityFactory f) {
        try {
            SpawnRequest.ModelSource source = switch (f.getFromCase()) {
                case SDF -> new SpawnRequest.ModelSource.Snippet(f.getSdf());
                case SDF_FILENAME -> new SpawnRequest.ModelSource.File(f.getSdfFilename());
                case MODEL, LIGHT, CLONE_NAME ->
                    throw new IllegalArgumentException("create from "
                            + f.getFromCase().name().toLowerCase()
                            + " is not supported; send an SDF string (sdf) or"
                            + " file (sdf_filename)");
                case FROM_NOT_SET -> throw new IllegalArgumentException("create needs sdf or sdf_filename");
            };
            if (!f.getRelativeTo().isEmpty() && !f.getRelativeTo().equals("world")) {
                throw new IllegalArgumentException(
                        "relative_to '" + f.getRelativeTo() + "' is not supported; poses" + " are in the world frame");
            }
            return models.spawn(
                    WORLD,
                    new SpawnRequest(
                            source,
                            "gz-transport create request",
                            f.getName().isEmpty() ? Optional.empty() : Optional.of(f.getName()),
                            f.hasPose() ? Optional.of(Messages.toPose(f.getPose())) : Optional.empty(),
                            f.getAllowRenaming()));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    CompletableFuture<Void> remove(Entity e) {
        try {
            if (e.getType() != Entity.Type.NONE && e.getType() != Entity.Type.MODEL) {
                throw new IllegalArgumentException("only models can be removed, not a " + e.getType());
            }
            return models.remove(WORLD, model(e.getName(), e.getId()));
        } catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    CompletableFuture<ModelState> setPose(PoseProtos.Pose p) {
        try {
            return models.teleport(WORLD, model(p.getName(), p.getId()), Messages.toPose(p));
        } catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    /** The model named so, or whose id that is. */
    private String model(String name, long id) {
        if (!name.isEmpty()) {
            return name;
        }
        if (id == 0) {
            throw new IllegalArgumentException("give the model's name or id");
        }
        List<String> matches = world.snapshot().modelNames().stream()
                .filter(n -> EntityIds.id(n) == id)
                .toList();
        if (matches.size() != 1) {
            throw matches.isEmpty()
                    ? new IllegalArgumentException("no model has id " + id)
                    : new IllegalArgumentException("id " + id + " is ambiguous (" + matches + "); give the name");
        }
        return matches.get(0);
    }
}
