package io.orrery.system.buoyancy;

import io.orrery.world.Geometry;
import java.util.Optional;

/**
 * The part of a collision shape below a horizontal plane, in the shape's own frame: its volume and the z of its
 * centre of volume (the shapes are symmetric about their z axis, so x and y are 0). As gz-math slices a shape for
 * Gazebo's graded buoyancy, the plane is horizontal in the shape's frame: a tilted shape is sliced as if upright
 * (gz-sim's own TODO). Box, sphere, cylinder, capsule, ellipsoid and cone; cylinders, capsules and cones along z, a
 * cone's base at -length/2 as in SDF. Immutable.
 *
 * @param kind the shape's name, for messages
 * @param volume the whole shape's volume (m³)
 */
record SubmergedShape(String kind, double volume, Slicer slicer) {

    /** The volume and its centre below {@code z = d}. */
    @FunctionalInterface
    interface Slicer {
        /** {volume, z of its centre}; the volume is 0 when the plane is below the shape. */
        double[] below(double d);
    }

    /** The shape of {@code geometry}, or empty when Gazebo cannot slice it (mesh, plane, heightmap). */
    static Optional<SubmergedShape> of(Geometry geometry) {
        if (geometry instanceof Geometry.Box b) {
            return Optional.of(
                    prism("box", b.size().x() * b.size().y(), b.size().z()));
        }
        if (geometry instanceof Geometry.Cylinder c) {
            return Optional.of(prism("cylinder", Math.PI * c.radius() * c.radius(), c.length()));
        }
        if (geometry instanceof Geometry.Sphere s) {
            return Optional.of(ellipsoid("sphere", s.radius(), s.radius(), s.radius()));
        }
        if (geometry instanceof Geometry.Ellipsoid e) {
            return Optional.of(ellipsoid(
                    "ellipsoid", e.radii().x(), e.radii().y(), e.radii().z()));
        }
        if (geometry instanceof Geometry.Capsule c) {
            return Optional.of(capsule(c.radius(), c.length()));
        }
        if (geometry instanceof Geometry.Cone c) {
            return Optional.of(cone(c.radius(), c.length()));
        }
        return Optional.empty();
    }

    /** The whole shape's volume (m³), or empty when Gazebo has no formula for it. */
    static Optional<Double> volumeOf(Geometry geometry) {
        return of(geometry).map(SubmergedShape::volume);
    }

    /** {volume, z of its centre} of the part below {@code z = d}. */
    double[] below(double d) {
        return slicer.below(d);
    }

    /** A box or a cylinder: a constant cross-section {@code area} over {@code height} centred on the origin. */
    private static SubmergedShape prism(String kind, double area, double height) {
        return new SubmergedShape(kind, area * height, d -> {
            double h = clamp(d + height / 2, 0, height);
            return new double[] {area * h, -height / 2 + h / 2};
        });
    }

    /** An ellipsoid of semi-axes a, b, c: a unit sphere's cap, scaled. */
    private static SubmergedShape ellipsoid(String kind, double a, double b, double c) {
        return new SubmergedShape(kind, 4.0 / 3.0 * Math.PI * a * b * c, d -> {
            double[] cap = unitCap(d / c);
            return new double[] {cap[0] * a * b * c, cap[1] * c};
        });
    }

    /**
     * A capsule: a cylinder of {@code length} between two hemispheres of {@code r}; summed as first moments of the
     * bottom cap, the cylinder and the top cap.
     */
    private static SubmergedShape capsule(double r, double length) {
        double half = length / 2;
        double hemisphere = 2.0 / 3.0 * Math.PI * r * r * r;
        return new SubmergedShape("capsule", Math.PI * r * r * length + 2 * hemisphere, d -> {
            double volume = 0;
            double moment = 0;
            // the bottom hemisphere: the sphere about -half, cut at min(d, -half)
            double[] bottom = cap(r, Math.min(d, -half) + half);
            volume += bottom[0];
            moment += bottom[0] * (bottom[1] - half);
            // the cylinder from -half up to d
            double h = clamp(d + half, 0, length);
            volume += Math.PI * r * r * h;
            moment += Math.PI * r * r * h * (-half + h / 2);
            if (d > half) {
                // the top hemisphere: the sphere about +half below d, less its lower half
                double[] top = cap(r, d - half);
                double slab = top[0] - hemisphere;
                double topMoment = top[0] * (top[1] + half) - hemisphere * (half - 3.0 / 8.0 * r);
                volume += slab;
                moment += topMoment;
            }
            return new double[] {volume, volume > 0 ? moment / volume : 0};
        });
    }

    /** A cone of base radius r at z = -length/2 and apex at +length/2. */
    private static SubmergedShape cone(double r, double length) {
        double k = Math.PI * r * r / (length * length);
        return new SubmergedShape("cone", Math.PI * r * r * length / 3, d -> {
            // u is the distance below the apex; the radius there is r u / length
            double ut = length / 2 - clamp(d, -length / 2, length / 2);
            double volume = k * (Math.pow(length, 3) - Math.pow(ut, 3)) / 3;
            double moment = k * (moment(length, length) - moment(ut, length));
            return new double[] {volume, volume > 0 ? moment / volume : 0};
        });
    }

    /** The antiderivative of z u² du, z = length/2 - u. */
    private static double moment(double u, double length) {
        return length / 2 * u * u * u / 3 - u * u * u * u / 4;
    }

    /** A sphere of radius r cut at {@code d} from its centre: {volume below, z of its centre from the centre}. */
    private static double[] cap(double r, double d) {
        double[] unit = unitCap(d / r);
        return new double[] {unit[0] * r * r * r, unit[1] * r};
    }

    /** The unit sphere below z = d: a cap of height h = d + 1, and the z of its centroid. */
    private static double[] unitCap(double d) {
        double h = clamp(d + 1, 0, 2);
        if (h == 0) {
            return new double[] {0, 0};
        }
        double volume = Math.PI * h * h * (3 - h) / 3;
        double z = -3 * (2 - h) * (2 - h) / (4 * (3 - h));
        return new double[] {volume, z};
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
