package io.orrery.world.mesh;

import java.util.Arrays;

/**
 * An immutable indexed triangle mesh in metres, in the frame of the {@code <mesh>} element (the file's node
 * transforms, unit, {@code <center>} and {@code <scale>} applied). Read through the accessors: the arrays are never
 * handed out.
 */
public final class TriangleMesh {

    private final String source;
    private final float[] positions;
    private final int[] indices;
    private final float[] bounds;

    /**
     * @param source what the mesh was read from, for messages (a file, and a submesh when one was chosen)
     * @param positions x, y, z of each vertex
     * @param indices three vertex indices per triangle
     */
    public TriangleMesh(String source, float[] positions, int[] indices) {
        if (positions.length % 3 != 0 || indices.length % 3 != 0) {
            throw new IllegalArgumentException("positions and indices must come in threes");
        }
        int vertices = positions.length / 3;
        for (int i : indices) {
            if (i < 0 || i >= vertices) {
                throw new IllegalArgumentException("index " + i + " is outside the " + vertices + " vertices");
            }
        }
        this.source = source;
        this.positions = positions.clone();
        this.indices = indices.clone();
        this.bounds = boundsOf(this.positions);
    }

    private static float[] boundsOf(float[] p) {
        float[] b = {
            Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE
        };
        for (int i = 0; i < p.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], p[i + k]);
                b[3 + k] = Math.max(b[3 + k], p[i + k]);
            }
        }
        return p.length == 0 ? new float[6] : b;
    }

    /** What the mesh was read from. */
    public String source() {
        return source;
    }

    public int vertexCount() {
        return positions.length / 3;
    }

    public int triangleCount() {
        return indices.length / 3;
    }

    /** Coordinate {@code axis} (0 x, 1 y, 2 z) of vertex {@code vertex}. */
    public float coordinate(int vertex, int axis) {
        return positions[vertex * 3 + axis];
    }

    /** Vertex index {@code corner} (0 to 2) of triangle {@code triangle}. */
    public int index(int triangle, int corner) {
        return indices[triangle * 3 + corner];
    }

    /** A copy of the vertex positions, x, y, z each. */
    public float[] positions() {
        return positions.clone();
    }

    /** A copy of the triangles' vertex indices, three each. */
    public int[] indices() {
        return indices.clone();
    }

    /** The smallest x, y, z of any vertex. */
    public float[] min() {
        return Arrays.copyOfRange(bounds, 0, 3);
    }

    /** The largest x, y, z of any vertex. */
    public float[] max() {
        return Arrays.copyOfRange(bounds, 3, 6);
    }

    /**
     * This mesh with at most {@code maxTriangles} triangles, for drawing: itself when it has no more, else a vertex
     * clustering of it (see {@link Decimation}).
     */
    public TriangleMesh decimated(int maxTriangles) {
        return Decimation.decimate(this, maxTriangles);
    }

    /** Volume, centre of mass and inertia of the solid the mesh encloses, at unit density; see {@link MassProperties}. */
    public MassProperties massProperties() {
        return MassProperties.of(this);
    }

    @Override
    public String toString() {
        return source + " (" + triangleCount() + " triangles, " + vertexCount() + " vertices)";
    }
}
