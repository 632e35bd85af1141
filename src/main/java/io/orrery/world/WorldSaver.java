package io.orrery.world;

import io.orrery.world.WorldSaveException.Reason;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Saves and finds world files inside one worlds directory. A path is relative, without {@code ..}, NUL or over-long
 * names ({@link Reason#INVALID}); it must stay inside the directory after resolving symbolic links and name a
 * {@code .sdf} or {@code .world} file ({@link Reason#REFUSED}). A save is written to a temporary file beside the
 * target and moved over it atomically, so a failed or killed save leaves the old file intact; a link at the target
 * is replaced, never written through; the world's own source file is never overwritten unless asked. Temporary
 * files a killed save left behind end in {@code .tmp}, which no load matches, and
 * {@link #removeLeftoverTemporaries()} deletes them. Thread-safe.
 */
public final class WorldSaver {

    private static final List<String> EXTENSIONS = List.of(".sdf", ".world");

    /** The longest name of one file or directory, in UTF-8 bytes (Linux's NAME_MAX). */
    public static final int MAX_NAME_BYTES = 255;

    /** The longest path asked for, in characters. */
    public static final int MAX_PATH_CHARS = 1024;

    /**
     * A save's temporary file beside the target: {@code .orrery-save-<uuid>.tmp}, short whatever the target's name
     * (which may be {@value #MAX_NAME_BYTES} bytes long itself).
     */
    private static final Pattern TEMPORARY =
            Pattern.compile("\\.orrery-save-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.tmp");

    /**
     * What a save must not overwrite.
     *
     * @param source the file the running world was read from ({@link WorldSpec#source()}), if any
     * @param overwriteSource true to allow saving over that file
     */
    public record SaveOptions(Optional<Path> source, boolean overwriteSource) {

        public SaveOptions {
            Objects.requireNonNull(source, "source");
        }

        /** A save that refuses to overwrite the world's source file. */
        public static SaveOptions protecting(Path source) {
            return new SaveOptions(Optional.of(source), false);
        }

        /** A save with no source file to protect (a world that came from no file). */
        public static SaveOptions noSource() {
            return new SaveOptions(Optional.empty(), false);
        }

        /** The same options, allowing the save to replace the source file. */
        public SaveOptions overwritingSource() {
            return new SaveOptions(source, true);
        }
    }

    /** Writes the whole content to a new file: the seam tests use to fail a save halfway. */
    @FunctionalInterface
    interface ContentWriter {
        void write(Path newFile, byte[] content) throws IOException;
    }

    private final Path worldsDir;
    private final ContentWriter writer;

    /** A saver for this directory (relative paths are taken from the working directory). */
    public WorldSaver(Path worldsDir) {
        this(worldsDir, WorldSaver::writeAndSync);
    }

    WorldSaver(Path worldsDir, ContentWriter writer) {
        this.worldsDir = worldsDir.toAbsolutePath().normalize();
        this.writer = writer;
    }

    /** The worlds directory, absolute. */
    public Path worldsDir() {
        return worldsDir;
    }

    /**
     * Writes {@code sdfText} as UTF-8 to {@code target}, a path relative to the worlds directory, creating its parent
     * directories there.
     *
     * @return the absolute path written
     * @throws WorldSaveException if the name is invalid ({@link Reason#INVALID}), a rule refuses the path
     *     ({@link Reason#REFUSED}) or writing fails
     *     ({@link Reason#FAILED}); either way any old file is intact and no temporary file is left
     */
    public Path save(String sdfText, Path target, SaveOptions options) {
        Objects.requireNonNull(sdfText, "sdfText");
        Objects.requireNonNull(options, "options");
        Path file = resolveForSave(target);
        checkNotSource(target, file, options);
        return write(target, file, worldsReal(target), sdfText.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The absolute file a save to {@code target} would write, after the same containment checks (nothing is
     * written): for {@code SdfWriter.write(world, state, file)}, which rewrites relative includes for that place.
     *
     * @throws WorldSaveException if a rule refuses the path
     */
    public Path resolveForSave(Path target) {
        Path file = contained(target);
        Path worldsReal = worldsReal(target);
        checkAncestor(target, file.getParent(), worldsReal);
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.isDirectory(file)) {
                throw WorldSaveException.refused(target, file + " is a directory, not a world file");
            }
            checkInside(target, realPath(target, file), worldsReal);
        }
        return file;
    }

    /**
     * The world file at {@code relative} inside the worlds directory, under the same rules as a save.
     *
     * @return its real path
     * @throws WorldSaveException if a rule refuses the path ({@link Reason#REFUSED}) or there is no such file
     *     ({@link Reason#NOT_FOUND})
     */
    public Path resolveForLoad(String relative) {
        Path target = relativePath(relative);
        Path file = contained(target);
        Path worldsReal = worldsReal(target);
        // Containment first, so a refusal does not tell whether a name exists outside the worlds directory.
        checkAncestor(target, file.getParent(), worldsReal);
        if (Files.isSymbolicLink(file)) {
            checkInside(target, realPath(target, file), worldsReal);
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new WorldSaveException(
                    relative,
                    Reason.NOT_FOUND,
                    "no world file '" + relative + "' in the" + " worlds directory " + worldsDir + " (" + file
                            + " does not exist)");
        }
        Path real = realPath(target, file);
        checkInside(target, real, worldsReal);
        if (!Files.isRegularFile(real)) {
            throw WorldSaveException.refused(relative, file + " is not a regular file");
        }
        return real;
    }

    /**
     * A path as a client wrote it, checked by its name alone: not empty, no NUL, no name over
     * {@value #MAX_NAME_BYTES} bytes, at most {@value #MAX_PATH_CHARS} characters, relative, no {@code ..}.
     *
     * @throws WorldSaveException with {@link Reason#INVALID}, naming the rule
     */
    public static Path relativePath(String requested) {
        if (requested == null || requested.isBlank()) {
            throw WorldSaveException.invalid(
                    requested == null ? "" : requested,
                    "the path is empty; give a .sdf or" + " .world file relative to the worlds directory");
        }
        if (requested.indexOf('\0') >= 0) {
            throw WorldSaveException.invalid(requested.replace('\0', '?'), "NUL characters are not allowed");
        }
        if (requested.length() > MAX_PATH_CHARS) {
            throw WorldSaveException.invalid(
                    requested.substring(0, 64) + "...",
                    "the path is " + requested.length() + " characters long; at most " + MAX_PATH_CHARS
                            + " are allowed");
        }
        Path path;
        try {
            path = Path.of(requested);
        } catch (InvalidPathException e) {
            throw WorldSaveException.invalid(requested, "not a valid path: " + e.getReason());
        }
        checkName(path);
        return path;
    }

    // ---------------------------------------------------------------- rules

    /** Absolute paths, {@code ..} and over-long names are refused by name, before anything on disk is looked at. */
    private static void checkName(Path target) {
        if (target.isAbsolute() || target.getRoot() != null) {
            throw WorldSaveException.invalid(
                    target, "absolute paths are not allowed; give a path relative to the" + " worlds directory");
        }
        for (Path name : target) {
            String s = name.toString();
            if (s.equals("..")) {
                throw WorldSaveException.invalid(target, "'..' is not allowed in a path");
            }
            if (s.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw WorldSaveException.invalid(
                        target, "a name in the path is longer than " + MAX_NAME_BYTES + " bytes");
            }
        }
    }

    /** The target inside the worlds directory, by name alone: relative, no escape, a world file's extension. */
    private Path contained(Path target) {
        Objects.requireNonNull(target, "target");
        if (target.toString().length() > MAX_PATH_CHARS || target.toString().indexOf('\0') >= 0) {
            relativePath(target.toString()); // throws, naming the rule
        }
        checkName(target);
        Path file = worldsDir.resolve(target).normalize();
        if (!file.startsWith(worldsDir)) {
            throw WorldSaveException.refused(target, "the path leaves the worlds directory " + worldsDir);
        }
        if (file.equals(worldsDir)) {
            throw WorldSaveException.refused(
                    target, "the path names the worlds directory " + worldsDir + " itself, not a file in it");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (EXTENSIONS.stream().noneMatch(e -> name.endsWith(e) && name.length() > e.length())) {
            throw WorldSaveException.refused(target, "a world file's name must end in .sdf or .world");
        }
        return file;
    }

    private Path worldsReal(Path target) {
        try {
            return worldsDir.toRealPath();
        } catch (IOException e) {
            throw new WorldSaveException(
                    target.toString(),
                    Reason.FAILED,
                    "cannot use '" + target + "': the worlds directory " + worldsDir + " is not accessible (" + e + ")",
                    e);
        }
    }

    /** The nearest existing ancestor of {@code dir} must be a directory whose real path is inside. */
    private static void checkAncestor(Path target, Path dir, Path worldsReal) {
        Path existing = dir;
        while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        Path real = realPath(target, existing);
        checkInside(target, real, worldsReal);
        if (!Files.isDirectory(real)) {
            throw WorldSaveException.refused(target, existing + " is not a directory");
        }
    }

    private static Path realPath(Path target, Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw WorldSaveException.refused(target, path + " cannot be resolved (a dangling symbolic link?): " + e);
        }
    }

    private static void checkInside(Path target, Path real, Path worldsReal) {
        if (!real.startsWith(worldsReal)) {
            throw WorldSaveException.refused(
                    target,
                    "the path leads out of the worlds directory " + worldsReal + " (through a symbolic link to " + real
                            + ")");
        }
    }

    private static void checkNotSource(Path target, Path file, SaveOptions options) {
        if (options.overwriteSource() || options.source().isEmpty()) {
            return;
        }
        Path source = options.source().get().toAbsolutePath().normalize();
        boolean same = source.equals(file);
        if (!same && Files.exists(file) && Files.exists(source)) {
            try {
                same = Files.isSameFile(file, source);
            } catch (IOException e) {
                throw new WorldSaveException(
                        target.toString(),
                        Reason.FAILED,
                        "cannot compare '" + target + "' with the source world " + source + ": " + e,
                        e);
            }
        }
        if (same) {
            throw WorldSaveException.refused(
                    target,
                    "it is the running world's source file " + source
                            + "; save under another name, or ask to overwrite the source explicitly");
        }
    }

    /**
     * Deletes the temporary files saves left behind when their process was killed, anywhere in the worlds
     * directory (links are not followed). Meant for startup, before any save of this process runs; another process
     * saving into the same directory at that moment could lose its save (its old file stays intact).
     *
     * @return the files deleted
     */
    public List<Path> removeLeftoverTemporaries() {
        if (!Files.isDirectory(worldsDir)) {
            return List.of();
        }
        List<Path> removed = new ArrayList<>();
        try (Stream<Path> files = Files.walk(worldsDir, 32)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (TEMPORARY.matcher(p.getFileName().toString()).matches()
                        && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                        && Files.deleteIfExists(p)) {
                    removed.add(p);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // a directory that cannot be read holds nothing this process could have left behind
        }
        return removed;
    }

    // ---------------------------------------------------------------- writing

    private Path write(Path target, Path file, Path worldsReal, byte[] content) {
        Path dir = file.getParent();
        List<Path> created = new ArrayList<>();
        Path temp = null;
        try {
            for (Path d = dir; !Files.exists(d, LinkOption.NOFOLLOW_LINKS); d = d.getParent()) {
                created.add(d);
            }
            Files.createDirectories(dir);
            // checked again now that it exists: nothing may have swapped a link in on the way
            checkInside(target, realPath(target, dir), worldsReal);
            temp = dir.resolve(".orrery-save-" + UUID.randomUUID() + ".tmp");
            writer.write(temp, content);
            copyPermissions(file, temp);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException | RuntimeException e) {
            cleanUp(temp, created, e);
            if (e instanceof WorldSaveException refused) {
                throw refused;
            }
            String why = e instanceof AtomicMoveNotSupportedException
                    ? "the file system cannot replace files atomically"
                    : e.toString();
            throw new WorldSaveException(
                    target.toString(),
                    Reason.FAILED,
                    "cannot save '" + target + "' to " + file + ": " + why
                            + (Files.exists(file) ? "; the old file is unchanged" : ""),
                    e);
        }
    }

    /** Removes the temporary file and the directories this save created; failures to clean up are noted on e. */
    private static void cleanUp(Path temp, List<Path> created, Exception e) {
        try {
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException cleanup) {
            e.addSuppressed(cleanup);
        }
        for (Path d : created) { // deepest first
            try {
                Files.deleteIfExists(d);
            } catch (DirectoryNotEmptyException kept) {
                return; // someone else put something there
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
                return;
            }
        }
    }

    /** A replaced file keeps its permissions; a new one gets the umask's, as any other new file. */
    private static void copyPermissions(Path from, Path to) throws IOException {
        if (!Files.isRegularFile(from)) {
            return;
        }
        PosixFileAttributeView source = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        PosixFileAttributeView target = Files.getFileAttributeView(to, PosixFileAttributeView.class);
        if (source != null && target != null) {
            target.setPermissions(source.readAttributes().permissions());
        }
    }

    private static void writeAndSync(Path newFile, byte[] content) throws IOException {
        try (FileChannel channel = FileChannel.open(newFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true); // on disk before it replaces the old file
        }
    }
}
