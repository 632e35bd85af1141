package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jdom2.Element;

/**
 * Where an {@code <include>} leads: its URI resolved to an SDF file ({@code model://} through the model path,
 * {@code file://}, or a path relative to the including file), read and version-checked, with the chain of files
 * being read kept free of cycles.
 */
final class IncludeResolver {

    private static final int MAX_INCLUDE_DEPTH = 32;

    private final ModelPath modelPath;
    private final SdfLimits limits;
    private final Deque<Path> chain = new ArrayDeque<>();

    /** @param reading the files being read already: the world file, none for a snippet */
    IncludeResolver(ModelPath modelPath, SdfLimits limits, List<Path> reading) {
        this.modelPath = modelPath;
        this.limits = limits;
        reading.forEach(chain::push);
    }

    /** An included file and its {@code <sdf>} root. */
    record Included(Path file, Element root) {}

    /** The file {@code uri} names, parsed; one already being read (a cycle) or too deep a nesting is an error. */
    Included open(Element uriElement, String uri, String where) {
        Path file = includedFile(uriElement, uri, where);
        if (chain.contains(file)) {
            throw fail(uriElement, where, "include cycle: '" + uri + "' leads back to a file being read");
        }
        if (chain.size() > MAX_INCLUDE_DEPTH) {
            throw fail(uriElement, where, "includes nest deeper than " + MAX_INCLUDE_DEPTH);
        }
        Element root = SdfFiles.parse(SdfFiles.read(file, limits.maxBytes(), shownAs(uri, file)), limits)
                .getRootElement();
        SdfFiles.version(root);
        return new Included(file, root);
    }

    /**
     * How errors in an included file name it: a model's file by its URI and its name in the model directory
     * ({@code model://crate/model.sdf}), never by where the model path lies on the server; a file the including file
     * named by path, by that path.
     */
    private static String shownAs(String uri, Path file) {
        if (uri.startsWith("model://") || ModelPath.isRemote(uri)) {
            String base = uri.endsWith("/") ? uri : uri + "/";
            String name = file.getFileName().toString();
            return uri.endsWith("/" + name) ? uri : base + name;
        }
        return file.toString();
    }

    /** Runs {@code read} with {@code file} on the chain, so an include inside it that leads back is caught. */
    <T> T within(Path file, Supplier<T> read) {
        chain.push(file);
        try {
            return read.get();
        } finally {
            chain.pop();
        }
    }

    /** True when a relative {@code file://name} names something beside the including file. */
    private static boolean besideThisFile(Element uriElement, String uri) {
        return Files.exists(SdfFiles.directoryOf(uriElement).resolve(uri.substring("file://".length())));
    }

    /**
     * The SDF file an include URI names: {@code model://} through the model path, a Fuel URL through the local Fuel
     * cache (never fetched), {@code file://} or a relative path (from files only, never from a request); a relative
     * {@code file://name} is looked up beside the including file, then on the model path, as sdformat does. A model that
     * is not there reads the same whether it is missing or refused for leading out of its directory.
     */
    private Path includedFile(Element uriElement, String uri, String where) {
        if (uri.startsWith("model://")) {
            Path found;
            try {
                found = modelPath.model(uri).orElseThrow(() -> notFound(uriElement, uri, where));
            } catch (ModelPath.BadUri e) {
                throw fail(uriElement, where, "include '" + uri + "': " + e.getMessage());
            }
            return Files.isDirectory(found)
                    ? modelFile(uriElement, uri, found, where)
                    : regularFile(uriElement, uri, found, where);
        }
        if (ModelPath.isRemote(uri)) {
            Optional<ModelPath.FuelUri> fuel;
            try {
                fuel = ModelPath.fuel(uri);
            } catch (ModelPath.BadUri e) {
                throw fail(uriElement, where, "include '" + uri + "': " + e.getMessage());
            }
            if (fuel.isEmpty()) {
                throw fail(
                        uriElement,
                        where,
                        "include '" + uri + "' is not fetched: Orrery reads models only from"
                                + " the model path and Gazebo's local Fuel cache, and this is not a Fuel model URL"
                                + " (https://<server>/1.0/<owner>/models/<name>[/<version>])");
            }
            Path dir = modelPath
                    .fuelModel(fuel.get())
                    .orElseThrow(() -> fail(
                            uriElement,
                            where,
                            "model '" + uri
                                    + "' is not in the Fuel cache"
                                    + (modelPath.fuelCache().isEmpty() ? " (there is none" : " (GZ_FUEL_CACHE_PATH")
                                    + "; searched "
                                    + fuel.get().server() + "/" + fuel.get().owner() + "/models/"
                                    + fuel.get().name() + "/"
                                    + fuel.get().version().orElse("<newest>") + "): Orrery never downloads;"
                                    + " fetch it first with 'gz fuel download -u " + uri + "'"));
            return modelFile(uriElement, uri, dir, where);
        }
        if (!SdfFiles.fromFile(uriElement)) {
            // a request's snippet must not name files on the server: only models of the model path
            throw fail(
                    uriElement,
                    where,
                    "include '" + uri + "' is not allowed in a spawned model: a request may"
                            + " include only model://<name> from the model path or a Fuel URL from the Fuel cache");
        }
        Path target;
        if (uri.startsWith("file://") && !uri.startsWith("file:///") && !besideThisFile(uriElement, uri)) {
            // file://name, as gz-sim's worlds write it: sdformat looks a relative name up on the resource path
            return includedFile(uriElement, "model://" + uri.substring("file://".length()), where);
        } else if (uri.startsWith("file://") && !uri.startsWith("file:///")) {
            target = SdfFiles.directoryOf(uriElement).resolve(uri.substring("file://".length()));
        } else if (uri.startsWith("file://")) {
            try {
                target = Path.of(URI.create(uri));
            } catch (IllegalArgumentException e) {
                throw fail(uriElement, where, "'" + uri + "' is not a valid file URI: " + e.getMessage());
            }
        } else if (uri.contains("://")) {
            throw fail(
                    uriElement,
                    where,
                    "include '" + uri + "' is not supported: expected model://<name>,"
                            + " a Fuel URL, file:// or a path");
        } else {
            target = SdfFiles.directoryOf(uriElement).resolve(uri);
        }
        target = target.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            try {
                return modelFile(uriElement, uri, target.toRealPath(), where);
            } catch (IOException e) {
                throw fail(uriElement, where, "include '" + uri + "': cannot read " + target + ": " + e);
            }
        }
        if (Files.isRegularFile(target)) {
            return target;
        }
        throw fail(uriElement, where, "include '" + uri + "': " + target + " does not exist");
    }

    /** The one message for a model:// include that is missing, or that leads out of its directory. */
    private SdfException notFound(Element uriElement, String uri, String where) {
        return fail(
                uriElement,
                where,
                "include '" + uri + "': not found in " + modelPath.searched()
                        + " (set orrery.model-path or GZ_SIM_RESOURCE_PATH; a model directory holds model.config or"
                        + " model.sdf, and nothing in it may lead out of it)");
    }

    private Path regularFile(Element uriElement, String uri, Path file, String where) {
        if (!Files.isRegularFile(file)) {
            throw notFound(uriElement, uri, where);
        }
        return file;
    }

    /**
     * The SDF file of a model directory ({@code dir} a real path): the one model.config names with the highest SDF
     * version libsdformat would pick (the highest not above 1.11; the first when none fits), else model.sdf. The file
     * must stay inside the directory.
     */
    private Path modelFile(Element uriElement, String uri, Path dir, String where) {
        Optional<Path> config = ModelPath.fileIn(dir, "model.config");
        if (config.isPresent()) {
            Element root = SdfFiles.parse(
                            SdfFiles.read(config.get(), limits.maxBytes(), shownAs(uri, config.get())), limits)
                    .getRootElement();
            Element best = bestSdf(root);
            if (best != null && !text(best).isEmpty()) {
                return ModelPath.fileIn(dir, text(best))
                        .orElseThrow(() -> fail(
                                best,
                                "",
                                "model.config names '" + text(best)
                                        + "', which is not a file inside the model directory"));
            }
        }
        return ModelPath.fileIn(dir, "model.sdf").orElseThrow(() -> notFound(uriElement, uri, where));
    }

    /** libsdformat's getBestSupportedModelVersion: the highest version not above Orrery's highest, else the first. */
    static Element bestSdf(Element config) {
        List<Element> candidates = config.getChildren("sdf");
        Element best = candidates.isEmpty() ? null : candidates.get(0);
        int[] bestVersion = {0, 0};
        int[] highest = parseVersion(SdfFiles.SUPPORTED_VERSIONS.get(SdfFiles.SUPPORTED_VERSIONS.size() - 1));
        for (Element sdf : candidates) {
            int[] version = parseVersion(sdf.getAttributeValue("version", ""));
            if (version != null && compare(version, bestVersion) > 0 && compare(version, highest) <= 0) {
                best = sdf;
                bestVersion = version;
            }
        }
        return best;
    }

    private static int[] parseVersion(String text) {
        String[] parts = text.strip().split("\\.");
        try {
            return new int[] {Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static int compare(int[] a, int[] b) {
        return a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]);
    }
}
