package io.orrery.world.mesh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lwjgl.assimp.AIFile;
import org.lwjgl.assimp.AIFileCloseProc;
import org.lwjgl.assimp.AIFileFlushProc;
import org.lwjgl.assimp.AIFileIO;
import org.lwjgl.assimp.AIFileOpenProc;
import org.lwjgl.assimp.AIFileReadProc;
import org.lwjgl.assimp.AIFileSeek;
import org.lwjgl.assimp.AIFileTellProc;
import org.lwjgl.assimp.AIFileWriteProc;
import org.lwjgl.assimp.Assimp;
import org.lwjgl.system.MemoryUtil;

/**
 * The only way Assimp opens files during an import: every file it asks for (the mesh itself, a glTF's buffers, an
 * OBJ's material library, whatever else a file names) is opened here, read-only, and only if it lies inside
 * {@code root} once links are resolved (the mesh's model directory). Anything else is as if it did not exist:
 * Assimp goes on without it, or fails, and the files it asked for are kept for the log. A glTF's buffer of
 * {@code ../../../secret.txt} became vertices the dashboard served before Assimp was confined. One import at a time,
 * on the native mesh thread; {@link #close()} frees the callbacks.
 */
final class ConfinedFileIO implements AutoCloseable {

    private final Path root;
    private final long maxBytes;
    private final Map<Long, OpenFile> open = new HashMap<>();
    private final List<String> refused = new ArrayList<>();
    private final List<Path> opened = new ArrayList<>();

    private final AIFileOpenProc openProc = AIFileOpenProc.create(this::open);
    private final AIFileCloseProc closeProc = AIFileCloseProc.create(this::close);
    private final AIFileReadProc readProc = AIFileReadProc.create(this::read);
    private final AIFileWriteProc writeProc = AIFileWriteProc.create((file, buffer, size, count) -> 0);
    private final AIFileTellProc tellProc = AIFileTellProc.create(file -> {
        OpenFile f = open.get(file);
        return f == null ? 0 : f.position;
    });
    private final AIFileTellProc sizeProc = AIFileTellProc.create(file -> {
        OpenFile f = open.get(file);
        return f == null ? 0 : f.data.capacity();
    });
    private final AIFileSeek seekProc = AIFileSeek.create(this::seek);
    private final AIFileFlushProc flushProc = AIFileFlushProc.create(file -> {});
    private final AIFileIO io = AIFileIO.calloc();

    /** @param root the directory every file must lie in, a real path */
    ConfinedFileIO(Path root, long maxBytes) {
        this.root = root;
        this.maxBytes = maxBytes;
        io.set(openProc, closeProc, 0);
    }

    /** What to hand {@code aiImportFileEx}. */
    AIFileIO io() {
        return io;
    }

    /** The files opened, real paths, each inside the root. */
    List<Path> opened() {
        return List.copyOf(opened);
    }

    /** The names Assimp asked for that lie outside the root, as it asked. */
    List<String> refused() {
        return List.copyOf(refused);
    }

    private static final class OpenFile {
        final ByteBuffer data;
        long position;

        OpenFile(ByteBuffer data) {
            this.data = data;
        }
    }

    /** A name comes from the file: kept with its control characters replaced, so the log line it goes to is one. */
    private void refuse(String name) {
        refused.add(name.replaceAll("\\p{Cntrl}", "\uFFFD"));
    }

    private long open(long fileIO, long fileName, long openMode) {
        String name = MemoryUtil.memUTF8(fileName);
        String mode = MemoryUtil.memASCII(openMode);
        if (mode.contains("w") || mode.contains("a") || mode.contains("+")) {
            refuse(name);
            return 0; // an import never writes
        }
        Path file;
        try {
            file = Path.of(name).toAbsolutePath().normalize().toRealPath();
        } catch (IOException | InvalidPathException e) {
            return 0; // not there: Assimp probes names that do not exist
        }
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            refuse(name);
            return 0;
        }
        ByteBuffer data;
        try {
            long size = Files.size(file);
            if (size == 0 || size > maxBytes) {
                refuse(name);
                return 0;
            }
            data = MemoryUtil.memAlloc((int) size);
            data.put(Files.readAllBytes(file)).flip();
        } catch (IOException | OutOfMemoryError e) {
            return 0;
        }
        AIFile handle = AIFile.calloc().set(readProc, writeProc, tellProc, sizeProc, seekProc, flushProc, 0);
        open.put(handle.address(), new OpenFile(data));
        opened.add(file);
        return handle.address();
    }

    private long read(long file, long buffer, long size, long count) {
        OpenFile f = open.get(file);
        if (f == null || size <= 0) {
            return 0;
        }
        long items = Math.min(count, (f.data.capacity() - f.position) / size);
        long bytes = items * size;
        MemoryUtil.memCopy(MemoryUtil.memAddress(f.data) + f.position, buffer, bytes);
        f.position += bytes;
        return items;
    }

    private int seek(long file, long offset, int origin) {
        OpenFile f = open.get(file);
        if (f == null) {
            return Assimp.aiReturn_FAILURE;
        }
        long base = switch (origin) {
            case Assimp.aiOrigin_SET -> 0;
            case Assimp.aiOrigin_CUR -> f.position;
            case Assimp.aiOrigin_END -> f.data.capacity();
            default -> -1;
        };
        long target = base + offset;
        if (base < 0 || target < 0 || target > f.data.capacity()) {
            return Assimp.aiReturn_FAILURE;
        }
        f.position = target;
        return Assimp.aiReturn_SUCCESS;
    }

    private void close(long fileIO, long file) {
        OpenFile f = open.remove(file);
        if (f != null) {
            MemoryUtil.memFree(f.data);
            AIFile.create(file).free();
        }
    }

    @Override
    public void close() {
        for (Map.Entry<Long, OpenFile> e : open.entrySet()) {
            MemoryUtil.memFree(e.getValue().data);
            AIFile.create(e.getKey()).free();
        }
        open.clear();
        io.free();
        openProc.free();
        closeProc.free();
        readProc.free();
        writeProc.free();
        tellProc.free();
        sizeProc.free();
        seekProc.free();
        flushProc.free();
    }
}
