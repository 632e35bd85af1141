package io.orrery.physics.rigid;

import io.orrery.world.mesh.TriangleMesh;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The points a mesh's convex hull is built from, for both engines: all the mesh's vertices when there are at most
 * {@link #DIRECTIONS}, else the vertex farthest along each of that many directions spread evenly over the sphere (a
 * Fibonacci lattice). Each point kept is a vertex of the true hull; the hull they make lies inside it and within
 * R·θ²/8 of it for a hull of radius R, θ ≈ √(4π/1024) = 0.11 rad apart: 0.15 % of R. Exact hulls of every vertex
 * cost too much: JBullet's HullLibrary took 70 s and Bullet's hull shape 10 s on a 25,000-vertex mesh, and a hull
 * of that many points makes every contact query visit them all. Kept as long as the mesh is.
 */
final class HullPoints {

    static final int DIRECTIONS = 1024;
    private static final double[] LATTICE = lattice(DIRECTIONS);
    private static final Map<TriangleMesh, float[]> CACHE = Collections.synchronizedMap(new WeakHashMap<>());

    private HullPoints() {}

    /** x, y, z of each point. */
    static float[] of(TriangleMesh mesh) {
        return CACHE.computeIfAbsent(mesh, HullPoints::compute);
    }

    private static float[] compute(TriangleMesh mesh) {
        int n = mesh.vertexCount();
        if (n <= DIRECTIONS) {
            return mesh.positions();
        }
        float[] p = mesh.positions();
        Set<Integer> kept = new LinkedHashSet<>();
        for (int d = 0; d < DIRECTIONS; d++) {
            double x = LATTICE[d * 3];
            double y = LATTICE[d * 3 + 1];
            double z = LATTICE[d * 3 + 2];
            int best = 0;
            double far = -Double.MAX_VALUE;
            for (int v = 0; v < n; v++) {
                double along = x * p[v * 3] + y * p[v * 3 + 1] + z * p[v * 3 + 2];
                if (along > far) {
                    far = along;
                    best = v;
                }
            }
            kept.add(best);
        }
        float[] points = new float[kept.size() * 3];
        int i = 0;
        for (int v : kept) {
            points[i++] = p[v * 3];
            points[i++] = p[v * 3 + 1];
            points[i++] = p[v * 3 + 2];
        }
        return points;
    }

    /** {@code count} unit vectors spread evenly over the sphere. */
    private static double[] lattice(int count) {
        double[] d = new double[count * 3];
        double golden = Math.PI * (3 - Math.sqrt(5));
        for (int i = 0; i < count; i++) {
            double z = 1 - 2 * (i + 0.5) / count;
            double r = Math.sqrt(1 - z * z);
            d[i * 3] = r * Math.cos(golden * i);
            d[i * 3 + 1] = r * Math.sin(golden * i);
            d[i * 3 + 2] = z;
        }
        return d;
    }
}
