package io.orrery.physics.bullet;

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
 * gz-common decomposes meshes with V-HACD too), for both engines: the JBullet engine gets the same hulls as a compound
 * of its own convex hulls. A decomposition takes from milliseconds to seconds, so each is kept as long as its mesh is
 * (the mesh cache keeps meshes for the process's life): a reset or reload does not decompose again.
 */
public final class ConvexDecomposition {

    private static final Map<TriangleMesh, Map<String, List<float[]>>> CACHE =
            Collections.synchronizedMap(new WeakHashMap<>());

    private ConvexDecomposition() {}

    /**
     * The convex parts of a mesh, each a list of points (x, y, z each); at most {@code maxHulls} of them.
     *
     * @throws UnsupportedOperationException naming the platform when Libbulletjme has no native library for it
     */
    public static List<float[]> hulls(TriangleMesh mesh, int maxHulls, int voxelResolution) {
        Map<String, List<float[]>> byParameters = CACHE.computeIfAbsent(mesh, m -> new ConcurrentHashMap<>());
        return byParameters.computeIfAbsent(
                maxHulls + "/" + voxelResolution, k -> compute(mesh, maxHulls, voxelResolution));
    }

    private static List<float[]> compute(TriangleMesh mesh, int maxHulls, int voxelResolution) {
        NativeBullet.load();
        Vhacd4Parameters parameters = new Vhacd4Parameters();
        parameters.setMaxHulls(maxHulls);
        parameters.setVoxelResolution(voxelResolution);
        parameters.setAsync(false);
        List<float[]> hulls = new ArrayList<>();
        for (Vhacd4Hull hull : Vhacd4.compute(mesh.positions(), mesh.indices(), parameters)) {
            hulls.add(hull.clonePositions());
        }
        if (hulls.isEmpty()) {
            throw new IllegalArgumentException("V-HACD made no convex part of " + mesh);
        }
        return List.copyOf(hulls);
    }
}
