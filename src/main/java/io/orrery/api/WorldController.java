package io.orrery.api;

import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.SavedWorld;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.world.IgnoredElement;
import io.orrery.world.WorldSaver;
import io.orrery.world.WorldSaver.SaveOptions;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** The world as SDF: its current state, saving it inside the worlds directory, and loading another world. */
@RestController
@RequestMapping("/api/world")
class WorldController {

    private final SimulationRunner runner;
    private final WorldSaver saver;
    private final SdfWriter writer = new SdfWriter();

    WorldController(SimulationRunner runner, WorldSaver saver) {
        this.runner = runner;
        this.saver = saver;
    }

    /**
     * The loaded world: its name, file and SDF version, and what Orrery does not simulate in it, each element with
     * its file and line: {@code unsupported} (changes what Gazebo would compute; refused with
     * {@code orrery.sdf.unsupported=fail}) and {@code display} (visuals, lights: drawing only).
     */
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    WorldJson world() {
        WorldSpec world =
                runner.reads().loadedWorld().orElseThrow(() -> new IllegalStateException("no world has loaded yet"));
        return new WorldJson(
                world.name(),
                world.source().toString(),
                world.sdfVersion(),
                world.ignored().stream()
                        .filter(IgnoredElement::affectsSimulation)
                        .map(ElementJson::of)
                        .toList(),
                world.ignored().stream()
                        .filter(i -> !i.affectsSimulation())
                        .map(ElementJson::of)
                        .toList());
    }

    /** The world in its current state as SDF. */
    @GetMapping(value = "/sdf", produces = MediaType.APPLICATION_XML_VALUE)
    String sdf() {
        SavedWorld world = RunnerCalls.await("save", runner.edits().captureForSave());
        return writer.write(world.loaded(), world.state());
    }

    /**
     * Saves the world in its current state to {@code path} inside the worlds directory (written to a temporary
     * file and moved into place); the running world's own file only with {@code overwriteSource}.
     */
    @PostMapping("/save")
    @ResponseStatus(HttpStatus.CREATED)
    SavedJson save(@RequestBody SaveRequest request) {
        Path target = relativePath(request == null ? null : request.path());
        saver.resolveForSave(target); // refused paths fail before the runner is asked
        SavedWorld world = RunnerCalls.await("save", runner.edits().captureForSave());
        Path file = saver.resolveForSave(target);
        String sdf = writer.write(world.loaded(), world.state(), file);
        SaveOptions options = new SaveOptions(
                Optional.ofNullable(world.loaded().source()), Boolean.TRUE.equals(request.overwriteSource()));
        Path saved = saver.save(sdf, target, options);
        return new SavedJson(saver.worldsDir().relativize(saved).toString().replace('\\', '/'));
    }

    /** Loads another world file from the worlds directory; a file that does not parse leaves this one running. */
    @PostMapping("/load")
    SimulationController.SimulationJson load(@RequestBody SimulationController.PathRequest request) {
        Path file = saver.resolveForLoad(
                relativePath(request == null ? null : request.path()).toString());
        SimulationStatus status = RunnerCalls.await("reload", runner.control().reload(Optional.of(file)));
        return SimulationController.SimulationJson.of(status, runner.reads().allowedCommands());
    }

    private static Path relativePath(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException(
                    "expected {\"path\": \"<a .sdf or .world file relative to the worlds" + " directory>\"}");
        }
        return WorldSaver.relativePath(path);
    }

    /**
     * Where to save.
     *
     * @param path a {@code .sdf} or {@code .world} file relative to the worlds directory
     * @param overwriteSource allow replacing the running world's own file
     */
    record SaveRequest(String path, Boolean overwriteSource) {}

    /**
     * The loaded world and what it holds that Orrery does not simulate.
     *
     * @param unsupported elements that change what Gazebo would compute
     * @param display display-only elements (visuals, lights ...)
     */
    record WorldJson(
            String name, String file, String sdfVersion, List<ElementJson> unsupported, List<ElementJson> display) {}

    /** One element left out: its name, where it stands, its file and line. */
    record ElementJson(String element, String where, String file, int line) {
        static ElementJson of(IgnoredElement e) {
            return new ElementJson(e.element(), e.where(), e.file(), e.line());
        }
    }

    /** The saved file, relative to the worlds directory. */
    record SavedJson(String path) {}
}
