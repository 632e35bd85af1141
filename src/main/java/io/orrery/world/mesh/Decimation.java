package io.orrery.world.mesh;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A coarser copy of a mesh for drawing: vertex clustering on a uniform grid over its bounds (each cell's vertices
 * merged into their mean, triangles that collapse dropped), the finest grid whose result fits the bound. Shape is kept
 * to within a cell; small features vanish. Not used for collisions.
 */
final class Decimation {

    private Decimation() {}

    static TriangleMesh decimate(TriangleMesh mesh, int maxTriangles) {
        if (mesh.triangleCount() <= maxTriangles) {
            return mesh;
        }
        for (int cells = 512; cells >= 2; cells /= 2) {
            TriangleMesh coarse = cluster(mesh, cells);
            if (coarse.triangleCount() <= maxTriangles) {
                return coarse;
            }
        }
        return cluster(mesh, 1);
    }

    private static TriangleMesh cluster(TriangleMesh mesh, int cells) {
        float[] min = mesh.min();
        float[] max = mesh.max();
        double[] size = new double[3];
        for (int k = 0; k < 3; k++) {
            size[k] = Math.max(max[k] - min[k], 1e-9) / cells;
        }
        Map<Long, Integer> cellIndex = new HashMap<>();
        int[] remap = new int[mesh.vertexCount()];
        double[] sums = new double[mesh.vertexCount() * 3];
        int[] counts = new int[mesh.vertexCount()];
        for (int v = 0; v < mesh.vertexCount(); v++) {
            long key = 0;
            for (int k = 0; k < 3; k++) {
                long c = Math.min(cells - 1, (long) ((mesh.coordinate(v, k) - min[k]) / size[k]));
                key = key * (cells + 1) + c;
            }
            int index = cellIndex.computeIfAbsent(key, x -> cellIndex.size());
            remap[v] = index;
            for (int k = 0; k < 3; k++) {
                sums[index * 3 + k] += mesh.coordinate(v, k);
            }
            counts[index]++;
        }
        float[] positions = new float[cellIndex.size() * 3];
        for (int i = 0; i < cellIndex.size(); i++) {
            for (int k = 0; k < 3; k++) {
                positions[i * 3 + k] = (float) (sums[i * 3 + k] / counts[i]);
            }
        }
        Set<String> seen = new HashSet<>();
        int[] indices = new int[mesh.triangleCount() * 3];
        int n = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            int a = remap[mesh.index(t, 0)];
            int b = remap[mesh.index(t, 1)];
            int c = remap[mesh.index(t, 2)];
            if (a == b || b == c || a == c) {
                continue;
            }
            int lo = Math.min(a, Math.min(b, c));
            int hi = Math.max(a, Math.max(b, c));
            if (!seen.add(lo + "/" + (a + b + c - lo - hi) + "/" + hi)) {
                continue;
            }
            indices[n++] = a;
            indices[n++] = b;
            indices[n++] = c;
        }
        return new TriangleMesh(mesh.source() + " (decimated)", positions, java.util.Arrays.copyOf(indices, n));
    }
}
