package io.orrery.api;

import io.orrery.app.RunnerCalls;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.world.IgnoredElement;
import io.orrery.world.WorldSpec;
import java.util.List;
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

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final WorldFiles files;
    private final Worlds worlds;

    WorldController(WorldFiles files, Worlds worlds) {
        this.files = files;
        this.worlds = worlds;
    }

    /**
     * The loaded world: its name, file and SDF version, and what Orrery does not simulate in it, each element with
     * its file and line: {@code unsupported} (changes what Gazebo would compute; refused with
     * {@code orrery.sdf.unsupported=fail}) and {@code display} (visuals, lights: drawing only).
     */
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    WorldJson world() {
        WorldSpec world = files.loaded(WORLD);
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
        return files.sdf(WORLD);
    }

    /**
     * Saves the world in its current state to {@code path} inside the worlds directory (written to a temporary
     * file and moved into place); the running world's own file only with {@code overwriteSource}.
     */
    @PostMapping("/save")
    @ResponseStatus(HttpStatus.CREATED)
    SavedJson save(@RequestBody SaveRequest request) {
        String path = request == null ? null : request.path();
        boolean overwrite = request != null && Boolean.TRUE.equals(request.overwriteSource());
        return new SavedJson(files.save(WORLD, path, overwrite));
    }

    /** Loads another world file from the worlds directory; a file that does not parse leaves this one running. */
    @PostMapping("/load")
    SimulationController.SimulationJson load(@RequestBody SimulationController.PathRequest request) {
        SimulationStatus status =
                RunnerCalls.await("reload", files.load(WORLD, request == null ? null : request.path()));
        return SimulationController.SimulationJson.of(
                status, worlds.get(WORLD).reads().allowedCommands());
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
