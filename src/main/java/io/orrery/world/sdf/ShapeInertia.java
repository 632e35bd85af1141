package io.orrery.world.sdf;

import java.util.Optional;

import io.orrery.world.Geometry;
import io.orrery.world.Vec3;

/**
 * The mass properties of one collision shape at unit density, for {@code <inertial auto="true">}: volume (m³),
 * centre of mass in the shape's frame, and the inertia about that centre (kg·m² per kg/m³, along the shape's axes),
 * with gz-math's formulas (a cone's centre of mass a quarter of its length above its base).
 *
 * <p>Meshes are the hook for the meshes stream: a mesh geometry gets its volume, centroid and inertia from the mesh
 * package's volume-integral function (closed triangle mesh, divergence theorem) in {@link #of}; until then a mesh
 * has none and auto inertia on it is an error naming the collision.
 *
 * @param volume m³
 * @param centre the centre of mass in the shape's frame
 * @param inertia the diagonal of the inertia about the centre per unit density (ixx, iyy, izz)
 */
record ShapeInertia(double volume, Vec3 centre, Vec3 inertia) {

    /** The shape's mass properties, empty for shapes without a finite volume Orrery can compute. */
    static Optional<ShapeInertia> of(Geometry g) {
        double pi = Math.PI;
        if (g instanceof Geometry.Box b) {
            double x = b.size().x(), y = b.size().y(), z = b.size().z();
            double v = x * y * z;
            return Optional.of(new ShapeInertia(v, Vec3.ZERO,
                    new Vec3(v * (y * y + z * z) / 12, v * (x * x + z * z) / 12, v * (x * x + y * y) / 12)));
        } else if (g instanceof Geometry.Sphere s) {
            double r = s.radius();
            double v = 4.0 / 3 * pi * r * r * r;
            double i = 0.4 * v * r * r;
            return Optional.of(new ShapeInertia(v, Vec3.ZERO, new Vec3(i, i, i)));
        } else if (g instanceof Geometry.Cylinder c) {
            double r = c.radius(), l = c.length();
            double v = pi * r * r * l;
            double side = v * (3 * r * r + l * l) / 12;
            return Optional.of(new ShapeInertia(v, Vec3.ZERO, new Vec3(side, side, v * r * r / 2)));
        } else if (g instanceof Geometry.Capsule c) {
            // the cylinder and two hemispheres (each 83/320 m r² about its own centre, 3r/8 from its flat face)
            double r = c.radius(), l = c.length();
            double vc = pi * r * r * l;
            double vh = 2.0 / 3 * pi * r * r * r;
            double side = vc * (3 * r * r + l * l) / 12 + 2 * vh * (0.4 * r * r + l * l / 4 + 3 * l * r / 8);
            double axial = vc * r * r / 2 + 2 * vh * 0.4 * r * r;
            return Optional.of(new ShapeInertia(vc + 2 * vh, Vec3.ZERO, new Vec3(side, side, axial)));
        } else if (g instanceof Geometry.Ellipsoid e) {
            double a = e.radii().x(), b = e.radii().y(), c = e.radii().z();
            double v = 4.0 / 3 * pi * a * b * c;
            return Optional.of(new ShapeInertia(v, Vec3.ZERO,
                    new Vec3(v * (b * b + c * c) / 5, v * (a * a + c * c) / 5, v * (a * a + b * b) / 5)));
        } else if (g instanceof Geometry.Cone c) {
            double r = c.radius(), l = c.length();
            double v = pi * r * r * l / 3;
            double side = v * (3 * r * r / 20 + 3 * l * l / 80);
            return Optional.of(new ShapeInertia(v, new Vec3(0, 0, -l / 4), new Vec3(side, side, 0.3 * v * r * r)));
        }
        return Optional.empty(); // planes are infinite; meshes come with the meshes stream (see above)
    }
}
