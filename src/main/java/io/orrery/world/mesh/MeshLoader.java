package io.orrery.world.mesh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads mesh and heightmap files within {@link MeshLimits}, and keeps what it read: a file asked for again with
 * the same scale, submesh and centring (and unchanged on disk: same size and modification time) is not read again.
 * The cache holds at most {@link MeshLimits#cacheMaxTriangles()} triangles, least recently used dropped first.
 * Thread-safe.
 */
public final class MeshLoader {

    /** The loader of readers that are given none: default limits, one cache for the process. */
    public static final MeshLoader SHARED = new MeshLoader(MeshLimits.DEFAULT);

    private final MeshLimits limits;
    private final Map<Key, Cached> cache = new LinkedHashMap<>(16, 0.75f, true);
    private final AtomicLong filesRead = new AtomicLong();
    private long cachedTriangles;

    public MeshLoader(MeshLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public MeshLimits limits() {
        return limits;
    }

    /** How many files this loader has parsed (cache hits not counted). */
    public long filesRead() {
        return filesRead.get();
    }

    /** The mesh of a file that may refer only to files in its own directory; see {@link #mesh(Path, Path, double[], String, boolean)}. */
    public TriangleMesh mesh(Path file, double[] scale, String submesh, boolean center) {
        Path root;
        try {
            root = file.toAbsolutePath().getParent().toRealPath();
        } catch (IOException e) {
            throw new MeshException("cannot read the file: " + e);
        }
        return mesh(file, root, scale, submesh, center);
    }

    /**
     * The mesh of a file.
     *
     * @param file the mesh file: STL, COLLADA, OBJ, glTF or GLB, by its extension ({@link MeshPreScan})
     * @param root the directory the mesh may read from, a real path (its model directory): the files it refers to
     *     (a glTF's buffers, an OBJ's materials) are opened only inside it ({@link ConfinedFileIO})
     * @param scale x, y, z factors applied last
     * @param submesh the one submesh to keep, or null for all
     * @param center with a submesh: move it so its bounding box is centred on the origin (SDF's {@code <center>})
     * @throws MeshException naming what is wrong with the file
     */
    public TriangleMesh mesh(Path file, Path root, double[] scale, String submesh, boolean center) {
        Key key = key(file, root, "mesh", scale, submesh, center);
        Object hit = lookup(key);
        if (hit != null) {
            return (TriangleMesh) hit;
        }
        filesRead.incrementAndGet();
        // checked within the bounds first, then read by the native library, both on its thread
        List<AssimpReader.SubMesh> parts = NativeMeshThread.call(() -> {
            MeshPreScan.scan(file, root, limits);
            return AssimpReader.read(file, root, limits.maxTriangles(), limits.maxBytes());
        });
        TriangleMesh mesh = MeshAssembly.assemble(file.toString(), parts, scale, submesh, center);
        store(key, mesh, mesh.triangleCount());
        return mesh;
    }

    /**
     * A heightmap image.
     *
     * @throws MeshException naming what is wrong with the file
     */
    public HeightImage heightmap(Path file) {
        Key key = key(file, null, "heightmap", new double[] {1, 1, 1}, null, false);
        Object hit = lookup(key);
        if (hit != null) {
            return (HeightImage) hit;
        }
        filesRead.incrementAndGet();
        HeightImage image = HeightImage.read(file, limits.maxTriangles());
        store(key, image, 2L * (image.size() - 1) * (image.size() - 1));
        return image;
    }

    private Key key(Path file, Path root, String kind, double[] scale, String submesh, boolean center) {
        Path absolute = file.toAbsolutePath().normalize();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(absolute, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new MeshException("cannot read the file: " + e);
        }
        if (!attributes.isRegularFile()) {
            throw new MeshException("not a regular file");
        }
        if (attributes.size() == 0) {
            throw new MeshException("the file is empty");
        }
        if (attributes.size() > limits.maxBytes()) {
            throw new MeshException("the file has " + attributes.size() + " bytes, more than " + limits.maxBytes()
                    + ", the most orrery.mesh.max-bytes allows");
        }
        if (!Files.isReadable(absolute)) {
            throw new MeshException("the file is not readable");
        }
        return new Key(
                kind,
                absolute,
                root,
                attributes.size(),
                attributes.lastModifiedTime().toMillis(),
                Arrays.toString(scale),
                submesh,
                center);
    }

    private synchronized Object lookup(Key key) {
        Cached cached = cache.get(key);
        return cached == null ? null : cached.value();
    }

    private synchronized void store(Key key, Object value, long triangles) {
        if (triangles > limits.cacheMaxTriangles()) {
            return;
        }
        Cached old = cache.put(key, new Cached(value, triangles));
        cachedTriangles += triangles - (old == null ? 0 : old.triangles());
        Iterator<Cached> eldest = cache.values().iterator();
        while (cachedTriangles > limits.cacheMaxTriangles() && eldest.hasNext()) {
            cachedTriangles -= eldest.next().triangles();
            eldest.remove();
        }
    }

    /** A file read once per kind, confinement, scale, submesh and centring, while it is unchanged on disk. */
    private record Key(
            String kind,
            Path file,
            Path root,
            long size,
            long modified,
            String scale,
            String submesh,
            boolean center) {}

    private record Cached(Object value, long triangles) {}
}
