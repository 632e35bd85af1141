package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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
    record Included(Path file, Element root) {
    }

    /** The file {@code uri} names, parsed; one already being read (a cycle) or too deep a nesting is an error. */
    Included open(Element uriElement, String uri, String where) {
        Path file = includedFile(uriElement, uri, where);
        if (chain.contains(file)) {
            throw fail(uriElement, where, "include cycle: '" + uri + "' includes " + file + " again");
        }
        if (chain.size() > MAX_INCLUDE_DEPTH) {
            throw fail(uriElement, where, "includes nest deeper than " + MAX_INCLUDE_DEPTH);
        }
        Element root = SdfFiles.parse(SdfFiles.read(file, limits.maxBytes()), limits).getRootElement();
        SdfFiles.version(root);
        return new Included(file, root);
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

    /** The SDF file an include URI names; remote URIs are refused, never fetched. */
    private Path includedFile(Element uriElement, String uri, String where) {
        if (ModelPath.isRemote(uri)) {
            throw fail(uriElement, where, "remote include '" + uri + "' is not fetched: Orrery reads models only"
                    + " from the model path " + modelPath + "; download the model into one of those directories"
                    + " and use model://<name>");
        }
        if (!uri.startsWith("model://") && !SdfFiles.fromFile(uriElement)) {
            // a request's snippet must not name files on the server: only models of the model path
            throw fail(uriElement, where, "include '" + uri + "' is not allowed in a spawned model: a request may"
                    + " include only model://<name> from the model path " + modelPath);
        }
        Path target;
        if (uri.startsWith("model://")) {
            String rest = uri.substring("model://".length());
            int slash = rest.indexOf('/');
            String modelName = slash < 0 ? rest : rest.substring(0, slash);
            Path dir = modelPath.find(modelName).orElseThrow(() -> fail(uriElement, where, "model '" + modelName
                    + "' (" + uri + ") not found in the model path " + modelPath
                    + " (set the configured model path or GZ_SIM_RESOURCE_PATH)"));
            target = slash < 0 ? dir : dir.resolve(rest.substring(slash + 1));
        } else if (uri.startsWith("file://")) {
            try {
                target = Path.of(URI.create(uri));
            } catch (IllegalArgumentException e) {
                throw fail(uriElement, where, "'" + uri + "' is not a valid file URI: " + e.getMessage());
            }
        } else if (uri.contains("://")) {
            throw fail(uriElement, where, "include '" + uri + "' is not supported: expected model://<name>,"
                    + " file:// or a path");
        } else {
            target = SdfFiles.directoryOf(uriElement).resolve(uri);
        }
        target = target.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            return modelFile(uriElement, uri, target, where);
        }
        if (Files.isRegularFile(target)) {
            return target;
        }
        throw fail(uriElement, where, "include '" + uri + "': " + target + " does not exist");
    }

    /** The SDF file of a model directory: the one model.config names (highest supported version), else model.sdf. */
    private Path modelFile(Element uriElement, String uri, Path dir, String where) {
        Path config = dir.resolve("model.config");
        if (Files.isRegularFile(config)) {
            Element root = SdfFiles.parse(SdfFiles.read(config, limits.maxBytes()), limits).getRootElement();
            Element best = null;
            int bestRank = -1;
            for (Element sdf : root.getChildren("sdf")) {
                int rank = SdfFiles.SUPPORTED_VERSIONS.indexOf(sdf.getAttributeValue("version", "").strip());
                if (best == null || rank > bestRank) {
                    best = sdf;
                    bestRank = rank;
                }
            }
            if (best != null && !text(best).isEmpty()) {
                Path file = dir.resolve(text(best)).normalize();
                if (!Files.isRegularFile(file)) {
                    throw fail(best, "", "model.config names " + text(best) + ", but " + file
                            + " does not exist");
                }
                return file;
            }
        }
        Path sdf = dir.resolve("model.sdf");
        if (Files.isRegularFile(sdf)) {
            return sdf;
        }
        throw fail(uriElement, where, "include '" + uri + "': model directory " + dir
                + " has neither a model.config naming an SDF file nor a model.sdf");
    }
}
