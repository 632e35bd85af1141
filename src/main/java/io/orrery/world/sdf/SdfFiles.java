package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.tag;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.jdom2.Document;
import org.jdom2.Element;

/** SDF files read within the size bound, parsed with their path kept for relative includes, version checked. */
final class SdfFiles {

    static final List<String> SUPPORTED_VERSIONS = List.of("1.6", "1.7", "1.8", "1.9", "1.10", "1.11");

    /** The document property that holds the file a document was read from. */
    private static final String PATH = "orrery.path";

    /** Where the files read on this thread are listed, while {@link #listing} asks for them. */
    private static final ThreadLocal<List<Path>> LISTED = new ThreadLocal<>();

    private SdfFiles() {}

    /** Runs {@code read}, adding every file it reads (absolute, in the order read) to {@code into}. */
    static <T> T listing(List<Path> into, Supplier<T> read) {
        List<Path> before = LISTED.get();
        LISTED.set(into);
        try {
            return read.get();
        } finally {
            LISTED.set(before);
        }
    }

    /** A file read whole, within the size bound; {@code source} names it in errors. */
    record FileText(Path path, byte[] bytes, String source) {

        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * How a file that cannot be read is named: by the caller's name for it (a model-path file's URI), else by its path
     * as the user gave it.
     */
    private static String named(Path file, String source) {
        return source.equals(file.toAbsolutePath().normalize().toString()) ? file.toString() : source;
    }

    static FileText read(Path file, long maxBytes) {
        return read(file, maxBytes, file.toAbsolutePath().normalize().toString());
    }

    /** A file read whole, within the size bound, its errors naming it {@code source}. */
    static FileText read(Path file, long maxBytes, String source) {
        Path absolute = file.toAbsolutePath().normalize();
        try {
            SecureXml.checkSize(Files.size(absolute), source, maxBytes);
            FileText text = new FileText(absolute, Files.readAllBytes(absolute), source);
            List<Path> listed = LISTED.get();
            if (listed != null) {
                listed.add(absolute);
            }
            return text;
        } catch (NoSuchFileException e) {
            throw new SdfException(named(file, source), 0, 0, "no such file", e);
        } catch (AccessDeniedException e) {
            throw new SdfException(named(file, source), 0, 0, "permission denied", e);
        } catch (IOException e) {
            String name = named(file, source);
            // the exception's message names the file's absolute path: only when the user named the file that way
            String why = !name.equals(source) && e.getMessage() != null
                    ? e.getMessage()
                    : e.getClass().getSimpleName();
            throw new SdfException(name, 0, 0, "cannot read the file: " + why, e);
        }
    }

    static Document parse(FileText file, SdfLimits limits) {
        Document document = SecureXml.parse(file.bytes(), file.source(), limits);
        document.setProperty(PATH, file.path());
        return document;
    }

    /** True when {@code e} was read from a file, false for a snippet sent in a request. */
    static boolean fromFile(Element e) {
        return e.getDocument().getProperty(PATH) instanceof Path;
    }

    /** The directory of the file {@code e} was read from; the working directory for a snippet. */
    static Path directoryOf(Element e) {
        Object path = e.getDocument().getProperty(PATH);
        return path instanceof Path p ? p.getParent() : Path.of("");
    }

    /**
     * True when {@code e}'s document is SDF 1.7 or later, or a snippet without an {@code <sdf>} root: from 1.7 on,
     * frame semantics apply and names are unique across a model's links, joints, frames and nested models.
     */
    static boolean hasFrameSemantics(Element e) {
        Element root = e.getDocument() == null ? null : e.getDocument().getRootElement();
        if (root == null || !root.getQualifiedName().equals("sdf")) {
            return true;
        }
        return !"1.6".equals(root.getAttributeValue("version", "").strip());
    }

    /** The version of an {@code <sdf>} root, one Orrery reads. */
    static String version(Element root) {
        if (!root.getQualifiedName().equals("sdf")) {
            throw fail(root, "", "expected the root element <sdf>, got " + tag(root));
        }
        String version = Values.requiredAttribute(root, "version", "");
        if (!SUPPORTED_VERSIONS.contains(version)) {
            throw fail(root, "", "SDF version '" + version + "' is not supported: expected 1.6 to 1.11");
        }
        return version;
    }
}
