package io.orrery.world.mesh;

import java.util.List;
import java.util.stream.Collectors;

/** Joins a file's submeshes into one mesh: the chosen submesh alone if one is named, centred, then scaled. */
final class MeshAssembly {

    private MeshAssembly() {}

    static TriangleMesh assemble(
            String file, List<AssimpReader.SubMesh> parts, double[] scale, String submesh, boolean center) {
        List<AssimpReader.SubMesh> chosen = submesh == null
                ? parts
                : parts.stream().filter(p -> p.name().equals(submesh)).toList();
        if (submesh != null && chosen.isEmpty()) {
            throw new MeshException("it has no submesh named '" + submesh + "'; its submeshes are "
                    + parts.stream().map(p -> "'" + p.name() + "'").distinct().collect(Collectors.joining(", ")));
        }
        int vertices = chosen.stream().mapToInt(p -> p.positions().length).sum();
        int indices = chosen.stream().mapToInt(p -> p.indices().length).sum();
        if (indices == 0) {
            throw new MeshException(
                    submesh == null ? "it holds no triangles" : "its submesh '" + submesh + "' holds no triangles");
        }
        float[] positions = new float[vertices];
        int[] joined = new int[indices];
        int p = 0;
        int i = 0;
        for (AssimpReader.SubMesh part : chosen) {
            int base = p / 3;
            System.arraycopy(part.positions(), 0, positions, p, part.positions().length);
            p += part.positions().length;
            for (int index : part.indices()) {
                joined[i++] = base + index;
            }
        }
        if (submesh != null && center) {
            centre(positions);
        }
        for (int v = 0; v < positions.length; v += 3) {
            for (int k = 0; k < 3; k++) {
                positions[v + k] = (float) (positions[v + k] * scale[k]);
            }
        }
        for (float c : positions) {
            if (!Float.isFinite(c)) {
                throw new MeshException("it has a vertex that is not a finite number");
            }
        }
        return new TriangleMesh(submesh == null ? file : file + " submesh '" + submesh + "'", positions, joined);
    }

    /** Moves the vertices so their bounding box is centred on the origin, as gz-common's SubMesh::Center does. */
    private static void centre(float[] positions) {
        for (int k = 0; k < 3; k++) {
            float min = Float.MAX_VALUE;
            float max = -Float.MAX_VALUE;
            for (int v = k; v < positions.length; v += 3) {
                min = Math.min(min, positions[v]);
                max = Math.max(max, positions[v]);
            }
            float mid = (min + max) / 2;
            for (int v = k; v < positions.length; v += 3) {
                positions[v] -= mid;
            }
        }
    }
}
