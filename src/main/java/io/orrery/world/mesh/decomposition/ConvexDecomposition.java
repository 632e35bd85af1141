package io.orrery.world.mesh.decomposition;

import io.orrery.world.mesh.ConvexParts;
import io.orrery.world.mesh.MeshException;
import io.orrery.world.mesh.NativeMeshThread;
import io.orrery.world.mesh.TriangleMesh;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import vhacd4.Vhacd4;
import vhacd4.Vhacd4Hull;
import vhacd4.Vhacd4Parameters;

/**
 * A mesh's approximate convex decomposition by V-HACD 4 (Khaled Mamou's library, as Libbulletjme builds it natively;
 * gz-common decomposes meshes with V-HACD too), computed as the world or model is read, so that both engines get the
 * same parts and neither computes them: not the runner thread, not a reset. It runs on the {@link NativeMeshThread},
 * within {@link #MAX_VOXEL_RESOLUTION} and {@link #MAX_CONVEX_HULLS}, and each result is kept as long as its mesh is
 * (the mesh cache keeps meshes per file, scale and submesh), per parameters.
 */
public final class ConvexDecomposition {

    /** Libbulletjme's smallest voxel resolution: below it the library refuses. */
    public static final int MIN_VOXEL_RESOLUTION = 10_000;

    /**
     * The finest voxel resolution a mesh may ask for: V-HACD 4's own default, twice SDF's (200,000). V-HACD's memory
     * and time grow with it, about 2.2 KB and 40 µs of CPU a voxel (a torus: 400,000 voxels took 880 MB and 17 s of CPU,
     * 1,000,000 took 1.7 GB; docs/limits.md).
     */
    public static final int MAX_VOXEL_RESOLUTION = 400_000;

    /**
     * The most convex parts a mesh may ask for: V-HACD 4's own default, four times SDF's (16). Each is a shape the
     * engine tests for contacts every step; V-HACD's own cost hardly depends on it.
     */
    public static final int MAX_CONVEX_HULLS = 64;

    private static final Map<TriangleMesh, Map<String, ConvexParts>> CACHE =
            Collections.synchronizedMap(new WeakHashMap<>());

    private ConvexDecomposition() {}

    /**
     * The convex parts of a mesh, at most {@code maxHulls} of them.
     *
     * @throws IllegalArgumentException when a parameter is outside its bounds
     * @throws MeshException when V-HACD makes no part, or Libbulletjme has no native library for this platform
     */
    public static ConvexParts of(TriangleMesh mesh, int maxHulls, int voxelResolution) {
        if (maxHulls < 1 || maxHulls > MAX_CONVEX_HULLS) {
            throw new IllegalArgumentException(
                    "max_convex_hulls must be 1 to " + MAX_CONVEX_HULLS + ", got " + maxHulls);
        }
        if (voxelResolution < MIN_VOXEL_RESOLUTION || voxelResolution > MAX_VOXEL_RESOLUTION) {
            throw new IllegalArgumentException("voxel_resolution must be " + MIN_VOXEL_RESOLUTION + " to "
                    + MAX_VOXEL_RESOLUTION + ", got " + voxelResolution);
        }
        Map<String, ConvexParts> byParameters = CACHE.computeIfAbsent(mesh, m -> new ConcurrentHashMap<>());
        return byParameters.computeIfAbsent(
                maxHulls + "/" + voxelResolution,
                k -> NativeMeshThread.call(() -> compute(mesh, maxHulls, voxelResolution)));
    }

    private static ConvexParts compute(TriangleMesh mesh, int maxHulls, int voxelResolution) {
        try {
            Libbulletjme.load();
        } catch (UnsupportedOperationException e) {
            throw new MeshException("convex decomposition needs Libbulletjme's native library: " + e.getMessage());
        }
        Vhacd4Parameters parameters = new Vhacd4Parameters();
        parameters.setMaxHulls(maxHulls);
        parameters.setVoxelResolution(voxelResolution);
        parameters.setAsync(false);
        List<float[]> hulls = new ArrayList<>();
        try {
            for (Vhacd4Hull hull : Vhacd4.compute(mesh.positions(), mesh.indices(), parameters)) {
                hulls.add(hull.clonePositions());
            }
        } catch (RuntimeException e) {
            throw new MeshException("V-HACD could not decompose " + mesh + ": " + e.getMessage(), e);
        }
        if (hulls.isEmpty()) {
            throw new MeshException("V-HACD made no convex part of " + mesh);
        }
        return new ConvexParts(hulls);
    }
}
