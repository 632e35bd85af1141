package io.orrery.app;

import io.orrery.runner.port.SavedWorld;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.world.WorldSaver;
import io.orrery.world.WorldSaver.SaveOptions;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A world's files, for every surface: the world as loaded, loading another file or the same one again, and writing
 * the world in its current state as SDF, to the caller or into the worlds directory (a temporary file moved into
 * place). Paths are relative to the worlds directory and refused outside it ({@code WorldSaveException}).
 */
public final class WorldFiles {

    private final Worlds worlds;
    private final WorldSaver saver;
    private final SdfWriter writer = new SdfWriter();

    public WorldFiles(Worlds worlds, WorldSaver saver) {
        this.worlds = worlds;
        this.saver = saver;
    }

    /**
     * The world as read from its file (records, not its state now).
     *
     * @throws IllegalStateException before it has loaded
     */
    public WorldSpec loaded(WorldId world) {
        return worlds.get(world)
                .reads()
                .loadedWorld()
                .orElseThrow(() -> new IllegalStateException("no world has loaded yet"));
    }

    /**
     * Loads the world's file again, or {@code path} (inside the worlds directory) when given; a file that does not
     * parse or build leaves the running world as it is.
     */
    public CompletableFuture<SimulationStatus> reload(WorldId world, Optional<String> path) {
        Optional<Path> file = path.map(saver::resolveForLoad);
        return worlds.get(world).control().reload(file);
    }

    /**
     * The world as loaded and its state now (see {@link io.orrery.runner.port.WorldEditing#captureForSave()}). Waits
     * for the runner, at most {@link RunnerCalls#COMMAND_TIMEOUT}.
     */
    public SavedWorld capture(WorldId world) {
        return RunnerCalls.await("save", worlds.get(world).edits().captureForSave());
    }

    /** The world in its current state as SDF. Waits for the runner, at most {@link RunnerCalls#COMMAND_TIMEOUT}. */
    public String sdf(WorldId world) {
        SavedWorld saved = RunnerCalls.await("save", worlds.get(world).edits().captureForSave());
        return writer.write(saved.loaded(), saved.state());
    }

    /**
     * Saves the world in its current state to {@code path} inside the worlds directory; the running world's own file
     * only with {@code overwriteSource}. Refused paths fail before the runner is asked. Waits for the runner, at most
     * {@link RunnerCalls#COMMAND_TIMEOUT}, and writes on the caller's thread.
     *
     * @return the file saved, relative to the worlds directory, with {@code /} between names
     */
    public String save(WorldId world, String path, boolean overwriteSource) {
        Path target = relativePath(path);
        saver.resolveForSave(target); // refused paths fail before the runner is asked
        SavedWorld saved = RunnerCalls.await("save", worlds.get(world).edits().captureForSave());
        Path file = saver.resolveForSave(target);
        String sdf = writer.write(saved.loaded(), saved.state(), file);
        SaveOptions options = new SaveOptions(Optional.ofNullable(saved.loaded().source()), overwriteSource);
        Path written = saver.save(sdf, target, options);
        return saver.worldsDir().relativize(written).toString().replace('\\', '/');
    }

    /**
     * Loads another world file from the worlds directory; a file that does not parse leaves this one running.
     *
     * @throws IllegalArgumentException for a missing path
     */
    public CompletableFuture<SimulationStatus> load(WorldId world, String path) {
        Path file = saver.resolveForLoad(relativePath(path).toString());
        return worlds.get(world).control().reload(Optional.of(file));
    }

    private static Path relativePath(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException(
                    "expected {\"path\": \"<a .sdf or .world file relative to the worlds" + " directory>\"}");
        }
        return WorldSaver.relativePath(path);
    }
}
