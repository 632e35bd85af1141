package io.orrery.world.mesh;

import java.util.ArrayList;
import java.util.List;

/**
 * A mesh's approximate convex decomposition: convex parts, each a cloud of points (x, y, z) whose hull is the part,
 * in the mesh's frame. Immutable: the points are copied in and out.
 */
public final class ConvexParts {

    private final List<float[]> parts;

    /** @param parts each part's points, x, y, z each; at least one part */
    public ConvexParts(List<float[]> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a decomposition has at least one part");
        }
        List<float[]> copy = new ArrayList<>(parts.size());
        for (float[] p : parts) {
            if (p.length == 0 || p.length % 3 != 0) {
                throw new IllegalArgumentException("a part's points come in threes, got " + p.length + " numbers");
            }
            copy.add(p.clone());
        }
        this.parts = List.copyOf(copy);
    }

    /** How many parts. */
    public int count() {
        return parts.size();
    }

    /** A copy of part {@code i}'s points, x, y, z each. */
    public float[] points(int i) {
        return parts.get(i).clone();
    }

    /** The points of every part together. */
    public int vertexCount() {
        return parts.stream().mapToInt(p -> p.length / 3).sum();
    }

    @Override
    public String toString() {
        return count() + " convex parts, " + vertexCount() + " points";
    }
}
