package io.orrery.render;

import io.orrery.world.Geometry;
import io.orrery.world.MaterialSpec;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import io.orrery.world.VisualSpec;
import java.util.Optional;

/**
 * A visual as the cameras draw it, for those that write it elsewhere (Gazebo's ColladaWorldExporter): its triangles
 * in the visual's frame and the material it is drawn with. One tessellation for every reader, so an exported world
 * and a camera's image show the same shapes.
 */
public final class VisualMeshes {

    private VisualMeshes() {}

    /**
     * Triangles, counter-clockwise seen from outside.
     *
     * @param vertices per vertex: position (3), normal (3) and texture coordinate (2), {@link #FLOATS_PER_VERTEX}
     * @param indices three vertex indices a triangle
     */
    public record Triangles(float[] vertices, int[] indices) {

        public static final int FLOATS_PER_VERTEX = Tessellation.FLOATS_PER_VERTEX;

        public int vertexCount() {
            return vertices.length / FLOATS_PER_VERTEX;
        }

        public int triangleCount() {
            return indices.length / 3;
        }
    }

    /** The triangles of {@code geometry}; empty for one that is not drawn ({@link Geometry.Unsupported}). */
    public static Optional<Triangles> of(Geometry geometry) {
        return Tessellation.of(geometry).map(m -> new Triangles(m.vertices(), m.indices()));
    }

    /** The material {@code visual} is drawn with: its own, else Gazebo's default grey. */
    public static MaterialSpec material(VisualSpec visual) {
        return visual.material().orElse(DrawItem.DEFAULT_MATERIAL);
    }

    /** The shortest rotation taking +z to {@code direction}. */
    public static Quat rotationFromZ(Vec3 direction) {
        return Tessellation.rotationFromZ(direction);
    }
}
