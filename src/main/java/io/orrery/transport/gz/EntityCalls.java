package io.orrery.transport.gz;

import com.gz.msgs.EntityFactoryProtos.EntityFactory;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.PoseProtos;
import io.orrery.physics.ModelState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.SimulationRunner;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSaver;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code create}, {@code remove} and {@code set_pose} as gz sim's UserCommands take them, applied as the HTTP API's
 * model commands (the same checks, the same words). A model comes from an SDF string, {@code model://} URI or a file
 * inside the worlds directory ({@code sdf_filename}); a spawned model may include only {@code model://} models, as
 * over HTTP. Entities are named, or given by the ids Orrery publishes ({@link EntityIds}).
 */
final class EntityCalls {

    private final SimulationRunner runner;
    private final SdfReader reader;
    private final WorldSaver saver;

    EntityCalls(SimulationRunner runner, SdfReader reader, WorldSaver saver) {
        this.runner = runner;
        this.reader = reader;
        this.saver = saver;
    }

    CompletableFuture<ModelState> create(EntityFactory f) {
        try {
            String snippet = switch (f.getFromCase()) {
                case SDF -> f.getSdf();
                case SDF_FILENAME -> fromFile(f.getSdfFilename());
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
            ModelSpec spec = reader.readModel(snippet, "gz-transport create request");
            WorldSnapshot snap = runner.reads().snapshot();
            String name = f.getName().isEmpty() ? spec.name() : f.getName();
            if (snap.model(name).isPresent()) {
                if (!f.getAllowRenaming()) {
                    throw new IllegalArgumentException(
                            "a model named '" + name + "' already exists; remove it first" + " or choose another name");
                }
                name = freeName(snap, name);
            }
            int models = snap.models().size();
            if (models >= reader.limits().maxModels()) {
                throw new IllegalStateException("the world holds " + models + " models, the most"
                        + " orrery.sdf.max-models allows; remove one first");
            }
            Pose pose = f.hasPose() ? Messages.toPose(f.getPose()) : spec.pose();
            boolean renamed = !name.equals(spec.name()) || f.hasPose();
            ModelSpec placed = renamed ? spec.with(name, pose, spec.isStatic()) : spec;
            // The snippet is kept for saves only when it describes the model as spawned.
            return runner.edits().spawn(placed, renamed ? Optional.empty() : Optional.of(snippet));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private String fromFile(String uri) {
        if (uri.startsWith("model://")) {
            return "<sdf version='1.9'><include><uri>" + escape(uri) + "</uri></include></sdf>";
        }
        Path file = saver.resolveForLoad(uri); // inside the worlds directory, .sdf or .world, as a load is
        try {
            if (Files.size(file) > reader.limits().maxBytes()) {
                throw new IllegalArgumentException(uri + " is larger than orrery.sdf.max-bytes ("
                        + reader.limits().maxBytes() + " bytes)");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + uri + ": " + e.getMessage(), e);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String freeName(WorldSnapshot snap, String name) {
        for (int i = 1; ; i++) {
            String candidate = name + "_" + i;
            if (snap.model(candidate).isEmpty()) {
                return candidate;
            }
        }
    }

    CompletableFuture<Void> remove(Entity e) {
        try {
            if (e.getType() != Entity.Type.NONE && e.getType() != Entity.Type.MODEL) {
                throw new IllegalArgumentException("only models can be removed, not a " + e.getType());
            }
            return runner.edits().remove(model(e.getName(), e.getId()));
        } catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    CompletableFuture<ModelState> setPose(PoseProtos.Pose p) {
        try {
            return runner.edits().teleport(model(p.getName(), p.getId()), Messages.toPose(p));
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
        List<String> matches = runner.reads().snapshot().modelNames().stream()
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
