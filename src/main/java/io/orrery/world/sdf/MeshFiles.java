package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import io.orrery.world.mesh.MeshException;
import io.orrery.world.mesh.MeshLoader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jdom2.Element;

/**
 * Where a {@code <mesh>} or {@code <heightmap>} URI leads, and the file read there: {@code model://} (and ROS's
 * {@code package://}) through the model path, {@code file://}, absolute paths and paths relative to the SDF file
 * that names them. A spawn request's snippet may name only model path files. Every failure names the URI and the
 * paths searched.
 */
final class MeshFiles {

    private final ModelPath modelPath;
    private final MeshLoader loader;

    MeshFiles(ModelPath modelPath, MeshLoader loader) {
        this.modelPath = modelPath;
        this.loader = loader;
    }

    MeshLoader loader() {
        return loader;
    }

    /** The file the URI names, which exists. */
    Path resolve(Element uriElement, String uri, String where) {
        if (uri.isEmpty()) {
            throw fail(uriElement, where, "<uri> is empty: expected the mesh or image file");
        }
        if (ModelPath.isRemote(uri)) {
            throw fail(
                    uriElement,
                    where,
                    "'" + uri + "' is not fetched: Orrery reads files only from the model path " + modelPath
                            + "; download the model into one of those directories and use model://<name>/...");
        }
        List<Path> candidates = candidates(uriElement, uri, where);
        for (Path candidate : candidates) {
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        throw fail(
                uriElement,
                where,
                "'" + uri + "' not found; searched "
                        + (candidates.isEmpty()
                                ? "nothing: the model path is empty (set orrery.model-path or GZ_SIM_RESOURCE_PATH)"
                                : candidates.toString()));
    }

    /** Reads the file with {@code read}, a failure an error at {@code uriElement} naming the URI and the file. */
    <T> T read(Element uriElement, String uri, Path file, String where, java.util.function.Function<Path, T> read) {
        try {
            return read.apply(file);
        } catch (MeshException e) {
            throw fail(uriElement, where, "'" + uri + "' (" + file + "): " + e.getMessage());
        }
    }

    private List<Path> candidates(Element uriElement, String uri, String where) {
        List<Path> candidates = new ArrayList<>();
        String scheme = uri.startsWith("model://") ? "model://" : uri.startsWith("package://") ? "package://" : null;
        if (scheme != null) {
            String rest = uri.substring(scheme.length());
            int slash = rest.indexOf('/');
            if (slash <= 0 || slash == rest.length() - 1) {
                throw fail(
                        uriElement, where, "'" + uri + "' must name a file in a model: " + scheme + "<model>/<path>");
            }
            for (Path dir : modelPath.directories()) {
                Path model =
                        dir.resolve(rest.substring(0, slash)).toAbsolutePath().normalize();
                Path file = path(uriElement, uri, where, model, rest.substring(slash + 1));
                if (!file.startsWith(model)) {
                    throw fail(uriElement, where, "'" + uri + "' leaves its model directory " + model);
                }
                candidates.add(file);
            }
            return candidates;
        }
        if (!SdfFiles.fromFile(uriElement)) {
            // a request's snippet must not name files on the server: only models of the model path
            throw fail(
                    uriElement,
                    where,
                    "'" + uri + "' is not allowed in a spawned model: a request may name only"
                            + " model://<name>/<path> files of the model path " + modelPath);
        }
        if (uri.startsWith("file://")) {
            try {
                candidates.add(Path.of(URI.create(uri)).toAbsolutePath().normalize());
            } catch (IllegalArgumentException e) {
                throw fail(uriElement, where, "'" + uri + "' is not a valid file URI: " + e.getMessage());
            }
        } else if (uri.contains("://")) {
            throw fail(
                    uriElement,
                    where,
                    "'" + uri + "' is not supported: expected model://, package://, file://" + " or a path");
        } else {
            candidates.add(path(
                    uriElement, uri, where, SdfFiles.directoryOf(uriElement).toAbsolutePath(), uri));
        }
        return candidates;
    }

    private static Path path(Element uriElement, String uri, String where, Path base, String relative) {
        try {
            return base.resolve(relative).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw fail(uriElement, where, "'" + uri + "' is not a valid path: " + e.getMessage());
        }
    }
}
