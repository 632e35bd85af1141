package io.orrery.world.mesh;

/**
 * Bounds on the mesh and heightmap files one process reads.
 *
 * @param maxBytes the largest mesh or heightmap file, in bytes
 * @param maxTriangles the most triangles one mesh (after {@code <submesh>} selection) or one heightmap grid may hold
 * @param cacheMaxTriangles the most triangles the cache keeps; past it the least recently used meshes are dropped
 *     (and read again when next asked for)
 */
public record MeshLimits(long maxBytes, int maxTriangles, long cacheMaxTriangles) {

    /**
     * 256 MiB, 2,000,000 triangles (a 1025×1025 heightmap; the CAD meshes of real robots hold 1k to 500k), a cache
     * of 5,000,000 triangles: 18 to 48 bytes a triangle (shared or separate vertices), 90 to 240 MB at its fullest.
     */
    public static final MeshLimits DEFAULT = new MeshLimits(256L * 1024 * 1024, 2_000_000, 5_000_000);

    public MeshLimits {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be at least 1, got " + maxBytes);
        }
        if (maxTriangles < 1) {
            throw new IllegalArgumentException("maxTriangles must be at least 1, got " + maxTriangles);
        }
        if (cacheMaxTriangles < 0) {
            throw new IllegalArgumentException("cacheMaxTriangles must be at least 0, got " + cacheMaxTriangles);
        }
    }
}
