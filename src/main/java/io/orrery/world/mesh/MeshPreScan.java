package io.orrery.world.mesh;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What Orrery reads of a mesh file before the native mesh library (Assimp) sees it: Assimp parses COLLADA's XML,
 * glTF's JSON and both node hierarchies recursively on the native stack, and a file that nests deeply enough (a
 * COLLADA file of 1,000 nested nodes is 14 KB) overflows it: SIGSEGV, the JVM gone, no report. So a mesh is read only
 * in a format Orrery checks (STL, COLLADA, OBJ, glTF), whose content is that format, within these bounds; STL and OBJ
 * are flat. Refusals name the bound and, where there is one, the line.
 */
final class MeshPreScan {

    /** The deepest COLLADA elements may nest; real exports nest tens deep. */
    static final int MAX_XML_DEPTH = 256;

    /** The deepest a node hierarchy may go, instances followed (COLLADA's nodes, glTF's children). */
    static final int MAX_NODE_DEPTH = 256;

    /** The deepest glTF's JSON may nest; its schema nests about six deep. */
    static final int MAX_JSON_DEPTH = 64;

    /** The most nodes a hierarchy may expand to once instances are followed. */
    static final int MAX_NODES = 100_000;

    /** Every count a file declares (arrays, accessors, primitives) is at most this many times the triangle bound. */
    static final int COUNT_PER_TRIANGLE = 16;

    /** A mesh format Orrery reads, by its file extension. */
    enum Format {
        STL("STL"),
        OBJ("OBJ"),
        COLLADA("COLLADA"),
        GLTF("glTF"),
        GLB("glTF binary");

        final String title;

        Format(String title) {
            this.title = title;
        }

        static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            String extension = name.contains(".") ? name.substring(name.lastIndexOf('.')) : "";
            return switch (extension) {
                case ".stl" -> STL;
                case ".obj" -> OBJ;
                case ".dae" -> COLLADA;
                case ".gltf" -> GLTF;
                case ".glb" -> GLB;
                default ->
                    throw new MeshException("'" + extension + "' is not a mesh format Orrery reads: it reads STL,"
                            + " COLLADA, OBJ and glTF (.stl, .dae, .obj, .gltf, .glb), each checked before the mesh"
                            + " library sees it");
            };
        }
    }

    /** What a file's first bytes say it holds. */
    private enum Content {
        XML,
        JSON,
        GLB,
        OTHER
    }

    /**
     * The file's format and the files it needs the mesh library to open besides itself.
     *
     * @param format by the extension, and its content agrees
     * @param references the files a glTF's buffers and images name, their URIs as written ({@code data:} URIs left
     *     out)
     */
    record Scan(Format format, List<String> references) {}

    private MeshPreScan() {}

    /**
     * Checks a mesh file within {@code limits} before the mesh library reads it, and that the files it names (a glTF's
     * buffers and images) lie inside {@code root}.
     *
     * @param root the directory the mesh may read from (its model directory), a real path
     * @throws MeshException naming what is beyond which bound, or the file it names outside
     */
    static Scan scan(Path file, Path root, MeshLimits limits) {
        Scan scan = scan(file, limits);
        for (String uri : scan.references()) {
            requireInside(file, root, uri);
        }
        return scan;
    }

    /**
     * A file a glTF names (a relative URI, percent-encoded as glTF writes it) must lie inside the root, links resolved.
     * {@link ConfinedFileIO} would not open a buffer outside anyway; this says why, by the name as written, and refuses
     * an image outside too, which a renderer reading the model would open.
     */
    private static void requireInside(Path file, Path root, String uri) {
        String outside = "the glTF names '" + uri
                + "' (a buffer or image), which lies outside the directory the mesh may read from (its model"
                + " directory): a mesh may refer only to files inside it";
        String decoded;
        try {
            decoded = java.net.URLDecoder.decode(uri.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new MeshException("the glTF names '" + uri + "' (a buffer or image), which is not a valid URI");
        }
        if (decoded.indexOf(':') >= 0 || decoded.startsWith("/") || decoded.indexOf('\\') >= 0) {
            // not echoed: an absolute path would tell a requester where files lie on the server
            throw new MeshException(
                    "the glTF names a buffer or image by an absolute path or a URI with a scheme, which lies"
                            + " outside the directory the mesh may read from (its model directory): a mesh may refer only to"
                            + " files inside it, by relative paths");
        }
        try {
            Path target = file.toAbsolutePath().getParent().resolve(decoded).normalize();
            if (!target.startsWith(root)
                    || (Files.exists(target) && !target.toRealPath().startsWith(root))) {
                throw new MeshException(outside);
            }
        } catch (IOException | java.nio.file.InvalidPathException e) {
            throw new MeshException(outside);
        }
    }

    /** Checks a mesh file within {@code limits} before the mesh library reads it. */
    static Scan scan(Path file, MeshLimits limits) {
        Format format = Format.of(file);
        long maxCount = (long) COUNT_PER_TRIANGLE * limits.maxTriangles();
        try {
            Content content = content(file);
            return switch (format) {
                case COLLADA -> {
                    require(content == Content.XML, format, content, file);
                    ColladaScan.scan(file, maxCount);
                    yield new Scan(format, List.of());
                }
                case GLTF -> {
                    require(content == Content.JSON, format, content, file);
                    yield new Scan(format, GltfScan.gltf(file, maxCount, limits.maxBytes()));
                }
                case GLB -> {
                    require(content == Content.GLB, format, content, file);
                    yield new Scan(format, GltfScan.glb(file, maxCount, limits.maxBytes()));
                }
                case STL, OBJ -> {
                    require(content == Content.OTHER, format, content, file);
                    yield new Scan(format, List.of());
                }
            };
        } catch (JsonProcessingException e) {
            throw new MeshException("not valid glTF JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new MeshException("cannot read the file: " + e);
        }
    }

    private static void require(boolean agrees, Format format, Content content, Path file) {
        if (!agrees) {
            String holds = content == Content.OTHER ? "neither XML nor JSON" : content.name();
            throw new MeshException("the file holds " + holds + ", not " + format.title + " as its name ("
                    + file.getFileName() + ") says; Orrery reads a mesh only in the format its extension names");
        }
    }

    /** XML, JSON, a GLB header or other, from the first bytes (a byte-order mark and blanks skipped). */
    private static Content content(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(512);
        }
        if (head.length >= 4 && head[0] == 'g' && head[1] == 'l' && head[2] == 'T' && head[3] == 'F') {
            return Content.GLB;
        }
        String text = new String(head, StandardCharsets.ISO_8859_1);
        int i = text.startsWith("\u00EF\u00BB\u00BF") ? 3 : 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        String rest = text.substring(i);
        if (rest.startsWith("<?xml") || rest.startsWith("<COLLADA") || rest.startsWith("<!--")) {
            return Content.XML;
        }
        if (rest.startsWith("{")) {
            return Content.JSON;
        }
        return Content.OTHER;
    }
}
