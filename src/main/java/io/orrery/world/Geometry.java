package io.orrery.world;

import io.orrery.world.mesh.ConvexParts;
import io.orrery.world.mesh.ExtrudedPolyline;
import io.orrery.world.mesh.HeightImage;
import io.orrery.world.mesh.TriangleMesh;
import java.util.List;
import java.util.Optional;

/** A collision {@code <geometry>}. Cylinders, capsules and cones are along their local Z axis, as in SDF. */
public sealed interface Geometry {

    /** @param size full edge lengths in metres */
    record Box(Vec3 size) implements Geometry {}

    record Sphere(double radius) implements Geometry {}

    record Cylinder(double radius, double length) implements Geometry {}

    /** @param length the length of the cylindrical part, between the two hemisphere centres */
    record Capsule(double radius, double length) implements Geometry {}

    record Ellipsoid(Vec3 radii) implements Geometry {}

    record Cone(double radius, double length) implements Geometry {}

    /** An infinite plane through the link origin, with its normal; size is for display only. */
    record Plane(Vec3 normal, double sizeX, double sizeY) implements Geometry {}

    /** How a {@code <mesh>} on a moving link collides: SDF's {@code optimization} attribute. */
    enum MeshOptimization {
        /** None given: a convex hull on a moving link, as Orrery builds it; the exact triangles on a static one. */
        NONE,
        CONVEX_HULL,
        CONVEX_DECOMPOSITION
    }

    /**
     * A {@code <mesh>}, read.
     *
     * @param uri the URI as written
     * @param scale the {@code <scale>} factors, already applied to {@code triangles}
     * @param submesh the {@code <submesh><name>}, if any
     * @param center the submesh's {@code <center>}, already applied
     * @param optimization the {@code optimization} attribute
     * @param maxConvexHulls {@code <convex_decomposition><max_convex_hulls>}
     * @param voxelResolution {@code <convex_decomposition><voxel_resolution>}
     * @param triangles the mesh in the collision frame, metres
     * @param convexParts V-HACD's convex parts of {@code triangles}, computed as the mesh was read; present exactly
     *     when {@code optimization} is {@link MeshOptimization#CONVEX_DECOMPOSITION}
     */
    record Mesh(
            String uri,
            Vec3 scale,
            Optional<String> submesh,
            boolean center,
            MeshOptimization optimization,
            int maxConvexHulls,
            int voxelResolution,
            TriangleMesh triangles,
            Optional<ConvexParts> convexParts)
            implements Geometry {

        public Mesh {
            if (convexParts.isPresent() != (optimization == MeshOptimization.CONVEX_DECOMPOSITION)) {
                throw new IllegalArgumentException("a mesh has convex parts exactly when optimization is"
                        + " convex_decomposition; got " + optimization + " and " + convexParts);
            }
        }
    }

    /**
     * A {@code <heightmap>}, read: a grid of {@code image.size()} vertices on each side spanning {@code size.x} by
     * {@code size.y} centred on {@code pos}, each at height {@code pos.z + value·size.z}; the image's top row at +y.
     *
     * @param uri the image URI as written
     * @param size the {@code <size>}: extent along x, y, and the height of a white pixel
     * @param pos the {@code <pos>}: the grid's centre and base height in the collision frame
     * @param image the greyscale image
     */
    record Heightmap(String uri, Vec3 size, Vec3 pos, HeightImage image) implements Geometry {

        /** The height at grid column {@code x}, row {@code y} (row 0 at −y), in the collision frame. */
        public double height(int x, int y) {
            return pos.z() + image.value(x, image.size() - 1 - y) * size.z();
        }

        /** The x of grid column {@code x} (row: the same with y), in the collision frame. */
        public double x(int x) {
            return pos.x() - size.x() / 2 + size.x() * x / (image.size() - 1);
        }

        public double y(int y) {
            return pos.y() - size.y() / 2 + size.y() * y / (image.size() - 1);
        }
    }

    /**
     * One or more {@code <polyline>}s in one {@code <geometry>}, extruded from z 0 to the first one's height as Gazebo
     * does; an outline inside another is a hole (the even-odd rule).
     *
     * @param outlines each polyline's points, x then y each, as written
     * @param heights each polyline's {@code <height>}, as written (only the first is used, as in Gazebo)
     * @param solid the extrusion: its triangles and its convex prisms, in the collision frame
     */
    record Polyline(List<double[]> outlines, List<Double> heights, ExtrudedPolyline solid) implements Geometry {

        public Polyline {
            outlines = outlines.stream().map(double[]::clone).toList();
            heights = List.copyOf(heights);
        }

        @Override
        public List<double[]> outlines() {
            return outlines.stream().map(double[]::clone).toList();
        }

        /** The same points and heights (the solid follows from them). */
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Polyline p) || p.outlines.size() != outlines.size() || !p.heights.equals(heights)) {
                return false;
            }
            for (int i = 0; i < outlines.size(); i++) {
                if (!java.util.Arrays.equals(outlines.get(i), p.outlines.get(i))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            int h = heights.hashCode();
            for (double[] xy : outlines) {
                h = 31 * h + java.util.Arrays.hashCode(xy);
            }
            return h;
        }

        @Override
        public String toString() {
            return "Polyline[" + outlines.size() + " outlines, height " + heights.get(0) + ", " + solid.parts() + "]";
        }
    }

    /**
     * A geometry SDF defines but Orrery cannot collide with (image): the link gets no
     * collision shape from it.
     *
     * @param kind the element name, for example {@code mesh}
     * @param detail what it referred to, for example the mesh URI
     */
    record Unsupported(String kind, String detail) implements Geometry {}
}
