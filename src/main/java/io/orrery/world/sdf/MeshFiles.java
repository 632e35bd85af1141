package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import io.orrery.world.mesh.MeshException;
import io.orrery.world.mesh.MeshLoader;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import org.jdom2.Element;

/**
 * Where a {@code <mesh>} or {@code <heightmap>} URI leads, and the file read there: {@code model://} (and ROS's
 * {@code package://}) through the model path, {@code file://}, absolute paths and paths relative to the SDF file
 * that names them. A spawn request's snippet may name only model path files, and a model path file stays inside its
 * model directory ({@link ModelPath}). Every failure names the URI as written, never a directory of the server.
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

    /**
     * A file a URI named, and the directory the file may refer to others in (a glTF's buffers, an OBJ's materials):
     * its model directory for a model path file, else its own directory.
     *
     * @param rootAsUri how an error names {@code root}: {@code model://<name>} for a model path file, so that no answer
     *     names a directory of the server; empty for a file an operator's world names by path
     */
    record Resolved(Path file, Path root, Optional<String> rootAsUri) {

        /** The message with the model directory named by its URI wherever it names the directory's path. */
        String scrub(String message) {
            return rootAsUri.map(name -> message.replace(root.toString(), name)).orElse(message);
        }
    }

    /** The file the URI names, which exists, and where it may refer to files. */
    Resolved resolve(Element uriElement, String uri, String where) {
        if (uri.isEmpty()) {
            throw fail(uriElement, where, "<uri> is empty: expected the mesh or image file");
        }
        if (ModelPath.isRemote(uri)) {
            throw fail(
                    uriElement,
                    where,
                    "'" + uri + "' is not fetched: Orrery reads files only from the model path; download the model"
                            + " into one of its directories and use model://<name>/...");
        }
        String scheme = uri.startsWith("model://") ? "model://" : uri.startsWith("package://") ? "package://" : null;
        if (scheme != null) {
            return inModelPath(uriElement, uri, scheme, where);
        }
        if (!SdfFiles.fromFile(uriElement)) {
            // a request's snippet must not name files on the server: only models of the model path
            throw fail(
                    uriElement,
                    where,
                    "'" + uri + "' is not allowed in a spawned model: a request may name only"
                            + " model://<name>/<path> files of the model path");
        }
        Path file;
        if (uri.startsWith("file://")) {
            try {
                file = Path.of(URI.create(uri)).toAbsolutePath().normalize();
            } catch (IllegalArgumentException e) {
                throw fail(uriElement, where, "'" + uri + "' is not a valid file URI: " + e.getMessage());
            }
        } else if (uri.contains("://")) {
            throw fail(
                    uriElement,
                    where,
                    "'" + uri + "' is not supported: expected model://, package://, file://" + " or a path");
        } else {
            file = path(uriElement, uri, where, SdfFiles.directoryOf(uriElement).toAbsolutePath(), uri);
        }
        if (!Files.exists(file)) {
            // the file the author named, as named: beside the SDF file, or where file:// points
            throw fail(uriElement, where, "'" + uri + "' not found (a path is read beside the SDF file that names it)");
        }
        try {
            return new Resolved(file, file.getParent().toRealPath(), Optional.empty());
        } catch (IOException e) {
            throw fail(uriElement, where, "'" + uri + "': cannot read its directory: " + e.getMessage());
        }
    }

    /**
     * A {@code model://} or {@code package://} file: its model name one path segment and its path plain segments, found
     * inside its model directory of the model path (links resolved, never leading out). A file that is missing and one
     * refused for leading out read alike, and neither names a directory of the server.
     */
    private Resolved inModelPath(Element uriElement, String uri, String scheme, String where) {
        String rest = uri.substring(scheme.length());
        int slash = rest.indexOf('/');
        if (slash <= 0 || slash == rest.length() - 1) {
            throw fail(uriElement, where, "'" + uri + "' must name a file in a model: " + scheme + "<model>/<path>");
        }
        Optional<ModelPath.InModel> found;
        try {
            found = modelPath.inModel("model://" + rest);
        } catch (ModelPath.BadUri e) {
            throw fail(uriElement, where, "'" + uri + "': " + e.getMessage());
        }
        String model = scheme + rest.substring(0, slash);
        return found.map(f -> new Resolved(f.file(), f.modelDirectory(), Optional.of(model)))
                .orElseThrow(() -> fail(
                        uriElement,
                        where,
                        "'" + uri + "' not found in the model path"
                                + (modelPath.directories().isEmpty()
                                        ? ", which is empty (set orrery.model-path or GZ_SIM_RESOURCE_PATH)"
                                        : " (" + modelPath.directories().size()
                                                + " directories; a file a model names must"
                                                + " stay inside its model directory)")));
    }

    /**
     * Reads the file with {@code read}, a failure an error at {@code uriElement} naming the URI, and any file of a
     * model by its URI too (the mesh library's messages name the paths it opened), never the path on the server.
     */
    <T> T read(Element uriElement, String uri, Resolved file, String where, java.util.function.Function<Path, T> read) {
        try {
            return read.apply(file.file());
        } catch (MeshException e) {
            throw fail(uriElement, where, "'" + uri + "': " + file.scrub(e.getMessage()));
        }
    }

    private static Path path(Element uriElement, String uri, String where, Path base, String relative) {
        try {
            return base.resolve(relative).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw fail(uriElement, where, "'" + uri + "' is not a valid path: " + e.getMessage());
        }
    }
}
