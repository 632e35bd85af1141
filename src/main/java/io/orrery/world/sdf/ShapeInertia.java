package io.orrery.world.sdf;

import io.orrery.world.Geometry;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.MassProperties;
import io.orrery.world.mesh.TriangleMesh;
import java.util.Optional;

/**
 * The mass properties of one collision shape at unit density, for {@code <inertial auto="true">}: volume (m³),
 * centre of mass in the shape's frame, and the inertia about that centre (kg·m² per kg/m³, along the shape's axes),
 * with gz-math's formulas (a cone's centre of mass a quarter of its length above its base). A mesh's come from the
 * solid its triangles enclose ({@link MassProperties}, the divergence theorem over the scaled triangles), as gz-sim's
 * mesh inertia calculator does; that needs a closed mesh, so a mesh enclosing no volume has none.
 *
 * @param volume m³
 * @param centre the centre of mass in the shape's frame
 * @param tensor the inertia about the centre per unit density, 3×3 row by row along the shape's axes (a mesh's
 *     need not be diagonal)
 */
record ShapeInertia(double volume, Vec3 centre, double[] tensor) {

    /**
     * A volume below this share of the mesh's bounding box is taken for an open or flat mesh (a closed solid inside
     * its box fills far more: a thin 1 mm plate 1 m wide fills 1e-3 of its box, a tetrahedron 1/6).
     */
    static final double MIN_FILL = 1e-6;

    private static ShapeInertia diagonal(double volume, Vec3 centre, double ixx, double iyy, double izz) {
        return new ShapeInertia(volume, centre, new double[] {ixx, 0, 0, 0, iyy, 0, 0, 0, izz});
    }

    /** The shape's mass properties, empty for shapes without a finite volume Orrery can compute. */
    static Optional<ShapeInertia> of(Geometry g) {
        double pi = Math.PI;
        if (g instanceof Geometry.Box b) {
            double x = b.size().x(), y = b.size().y(), z = b.size().z();
            double v = x * y * z;
            return Optional.of(diagonal(
                    v, Vec3.ZERO, v * (y * y + z * z) / 12, v * (x * x + z * z) / 12, v * (x * x + y * y) / 12));
        } else if (g instanceof Geometry.Sphere s) {
            double r = s.radius();
            double v = 4.0 / 3 * pi * r * r * r;
            double i = 0.4 * v * r * r;
            return Optional.of(diagonal(v, Vec3.ZERO, i, i, i));
        } else if (g instanceof Geometry.Cylinder c) {
            double r = c.radius(), l = c.length();
            double v = pi * r * r * l;
            double side = v * (3 * r * r + l * l) / 12;
            return Optional.of(diagonal(v, Vec3.ZERO, side, side, v * r * r / 2));
        } else if (g instanceof Geometry.Capsule c) {
            // the cylinder and two hemispheres (each 83/320 m r² about its own centre, 3r/8 from its flat face)
            double r = c.radius(), l = c.length();
            double vc = pi * r * r * l;
            double vh = 2.0 / 3 * pi * r * r * r;
            double side = vc * (3 * r * r + l * l) / 12 + 2 * vh * (0.4 * r * r + l * l / 4 + 3 * l * r / 8);
            double axial = vc * r * r / 2 + 2 * vh * 0.4 * r * r;
            return Optional.of(diagonal(vc + 2 * vh, Vec3.ZERO, side, side, axial));
        } else if (g instanceof Geometry.Ellipsoid e) {
            double a = e.radii().x(), b = e.radii().y(), c = e.radii().z();
            double v = 4.0 / 3 * pi * a * b * c;
            return Optional.of(
                    diagonal(v, Vec3.ZERO, v * (b * b + c * c) / 5, v * (a * a + c * c) / 5, v * (a * a + b * b) / 5));
        } else if (g instanceof Geometry.Cone c) {
            double r = c.radius(), l = c.length();
            double v = pi * r * r * l / 3;
            double side = v * (3 * r * r / 20 + 3 * l * l / 80);
            return Optional.of(diagonal(v, new Vec3(0, 0, -l / 4), side, side, 0.3 * v * r * r));
        } else if (g instanceof Geometry.Mesh m && m.triangles() != null) {
            return mesh(m.triangles());
        } else if (g instanceof Geometry.Polyline p) {
            return mesh(p.solid().triangles()); // closed and wound outwards as it is built
        }
        return Optional.empty(); // planes and heightmaps bound no solid
    }

    private static Optional<ShapeInertia> mesh(TriangleMesh triangles) {
        MassProperties p = triangles.massProperties();
        // Triangles wound clockwise seen from outside (or mirrored by a negative scale) give the same solid with
        // every signed volume negated: turn it back rather than refuse a mesh Gazebo takes.
        double sign = Math.signum(p.volume());
        double[] t = p.inertia();
        for (int k = 0; k < 9; k++) {
            t[k] *= sign;
        }
        double volume = Math.abs(p.volume());
        float[] lo = triangles.min();
        float[] hi = triangles.max();
        double boxVolume = ((double) hi[0] - lo[0]) * ((double) hi[1] - lo[1]) * ((double) hi[2] - lo[2]);
        if (!(volume > MIN_FILL * boxVolume)) {
            return Optional.empty(); // open, flat or inside-out in parts: no solid to weigh
        }
        double[] c = p.centre();
        return Optional.of(new ShapeInertia(volume, new Vec3(c[0], c[1], c[2]), t));
    }
}
