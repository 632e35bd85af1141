package io.orrery.app;

import io.orrery.physics.ModelState;
import io.orrery.physics.UnknownModelException;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.port.AppliedCommand;
import io.orrery.runner.port.ModelExistsException;
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
 * A world's models, for every surface: read from the runner's snapshot, and spawned, removed, teleported and made
 * static or dynamic through its commands. A spawn reads the SDF, checks the name and {@code orrery.sdf.max-models},
 * then posts the model; the runner refuses a name taken meanwhile with {@link ModelExistsException}, so a spawn racing
 * another or a reload answers the same as one that came second.
 */
public final class Models {

    private final Worlds worlds;
    private final SdfReader reader;
    private final WorldSaver saver;

    public Models(Worlds worlds, SdfReader reader, WorldSaver saver) {
        this.worlds = worlds;
        this.reader = reader;
        this.saver = saver;
    }

    /** Every model now, in load order. */
    public List<ModelState> list(WorldId world) {
        return worlds.get(world).reads().snapshot().models();
    }

    /**
     * The model now.
     *
     * @throws UnknownModelException when there is none of that name
     */
    public ModelState get(WorldId world, String name) {
        return worlds.get(world).reads().snapshot().model(name).orElseThrow(() -> new UnknownModelException(name));
    }

    /**
     * Adds the model {@code request} describes, answered once its plugins have started. Fails at once with the SDF
     * reader's error for a bad snippet or file, {@link ModelExistsException} for a name taken (unless renaming is
     * allowed), an IllegalStateException when the world holds {@code orrery.sdf.max-models} already.
     */
    public CompletableFuture<ModelState> spawn(WorldId world, SpawnRequest request) {
        try {
            World w = worlds.get(world);
            String snippet = snippet(request.source());
            ModelSpec spec = reader.readModel(snippet, request.origin());
            WorldSnapshot snap = w.reads().snapshot();
            String name = request.name().orElse(spec.name());
            if (snap.model(name).isPresent()) {
                if (!request.allowRenaming()) {
                    throw new ModelExistsException(name);
                }
                name = freeName(snap, name);
            }
            int models = snap.models().size();
            if (models >= reader.limits().maxModels()) {
                throw new IllegalStateException("the world holds " + models + " models, the most"
                        + " orrery.sdf.max-models allows; remove one first");
            }
            Pose pose = request.pose().orElse(spec.pose());
            boolean placed = !name.equals(spec.name()) || request.pose().isPresent();
            // The snippet is kept for saves only when it describes the model as spawned.
            return w.edits()
                    .spawn(
                            placed ? spec.with(name, pose, spec.isStatic()) : spec,
                            placed ? Optional.empty() : Optional.of(snippet),
                            Optional.of(new AppliedCommand.Spawn(snippet, request.origin(), name, request.pose())));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Removes the model; its plugins end. */
    public CompletableFuture<Void> remove(WorldId world, String model) {
        return worlds.get(world).edits().remove(model);
    }

    /** Teleports the model (world frame); its velocity is kept as the physics engine keeps it. */
    public CompletableFuture<ModelState> teleport(WorldId world, String model, Pose pose) {
        return worlds.get(world).edits().teleport(model, pose);
    }

    /** Makes the model static or dynamic. */
    public CompletableFuture<ModelState> setStatic(WorldId world, String model, boolean isStatic) {
        return worlds.get(world).edits().setStatic(model, isStatic);
    }

    private String snippet(SpawnRequest.ModelSource source) {
        if (source instanceof SpawnRequest.ModelSource.Snippet s) {
            return s.sdf();
        }
        String uri = ((SpawnRequest.ModelSource.File) source).uri();
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
}
