package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import org.jdom2.Element;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/** A link's {@code <inertial>}: mass, centre of mass and inertia as given, or computed from the collisions. */
final class InertialReader {

    private static final double DEFAULT_DENSITY = 1000; // kg/m³, SDF 1.11's default (water)

    /** A collision and its own {@code <density>}, for auto inertia. */
    record ParsedCollision(CollisionSpec spec, OptionalDouble density) {
    }

    private final IgnoredElements ignored;

    InertialReader(IgnoredElements ignored) {
        this.ignored = ignored;
    }

    InertialSpec inertial(Element in, String where, String linkName, List<ParsedCollision> collisions) {
        Element mass = null;
        Element pose = null;
        Element inertia = null;
        Element density = null;
        for (Element c : in.getChildren()) {
            switch (c.getQualifiedName()) {
                case "mass" -> mass = c;
                case "pose" -> pose = c;
                case "inertia" -> inertia = c;
                case "density" -> density = c;
                default -> ignored.add(c, where);
            }
        }
        if (Values.boolAttribute(in, "auto", false, where)) {
            return autoInertial(in, where, mass, density, collisions);
        }
        Pose centre = Pose.IDENTITY;
        if (pose != null) {
            String relativeTo = Frames.relativeTo(pose);
            if (!relativeTo.isEmpty() && !relativeTo.equals(linkName)) {
                // libsdformat reads the name and places the inertial in the link frame all the same
                throw fail(pose, where + " inertial", "relative_to='" + relativeTo + "' is not supported on an"
                        + " inertial's <pose>: it is always in the link frame (libsdformat ignores the name)");
            }
            centre = Values.pose(pose, where + " inertial");
        }
        return new InertialSpec(mass == null ? 1.0 : mass(mass, where), centre,
                inertia == null ? Optional.empty() : Optional.of(inertia(inertia, where)));
    }

    /**
     * SDF 1.11's {@code <inertial auto="true">}: mass from density times the collision volumes (unless {@code <mass>}
     * is given), centre of mass at the mass-weighted collision origins; the inertia is left to physics, which
     * computes it from the shapes.
     */
    private static InertialSpec autoInertial(Element in, String where, Element mass, Element density,
            List<ParsedCollision> collisions) {
        if (collisions.isEmpty()) {
            throw fail(in, where, "<inertial auto=\"true\"> needs at least one <collision> to compute the mass from");
        }
        double linkDensity = density == null ? DEFAULT_DENSITY : Values.positive(density, where);
        double total = 0;
        Vec3 moment = Vec3.ZERO;
        for (ParsedCollision c : collisions) {
            OptionalDouble volume = volume(c.spec().geometry());
            if (volume.isEmpty()) {
                throw fail(in, where, "<inertial auto=\"true\"> cannot compute the volume of collision '"
                        + c.spec().name() + "' (" + geometryKind(c.spec().geometry()) + "): give <mass> and"
                        + " <inertia> instead");
            }
            double m = c.density().orElse(linkDensity) * volume.getAsDouble();
            total += m;
            moment = moment.plus(c.spec().pose().position().times(m));
        }
        double finalMass = mass != null ? mass(mass, where) : total;
        Pose centre = total > 0 ? new Pose(moment.times(1 / total), Quat.IDENTITY) : Pose.IDENTITY;
        return new InertialSpec(finalMass, centre, Optional.empty());
    }

    private static double mass(Element mass, String where) {
        double value = Values.number(mass, where);
        if (value < 0) {
            throw fail(mass, where, "<mass> must be a positive number (or 0 for a static body), got '"
                    + text(mass) + "'");
        }
        return value;
    }

    private InertialSpec.Inertia inertia(Element inertia, String where) {
        double[] v = {1, 0, 0, 1, 0, 1};
        List<String> names = List.of("ixx", "ixy", "ixz", "iyy", "iyz", "izz");
        for (Element c : inertia.getChildren()) {
            int index = names.indexOf(c.getQualifiedName());
            if (index < 0) {
                ignored.add(c, where);
            } else {
                boolean diagonal = index == 0 || index == 3 || index == 5;
                v[index] = diagonal ? Values.nonNegative(c, where) : Values.number(c, where);
            }
        }
        return new InertialSpec.Inertia(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    /** The volume of a shape in m³, empty when it has none Orrery can compute (plane, mesh, ...). */
    static OptionalDouble volume(Geometry geometry) {
        double pi = Math.PI;
        if (geometry instanceof Geometry.Box b) {
            return OptionalDouble.of(b.size().x() * b.size().y() * b.size().z());
        } else if (geometry instanceof Geometry.Sphere s) {
            return OptionalDouble.of(4.0 / 3 * pi * Math.pow(s.radius(), 3));
        } else if (geometry instanceof Geometry.Cylinder c) {
            return OptionalDouble.of(pi * c.radius() * c.radius() * c.length());
        } else if (geometry instanceof Geometry.Capsule c) {
            return OptionalDouble.of(pi * c.radius() * c.radius() * c.length()
                    + 4.0 / 3 * pi * Math.pow(c.radius(), 3));
        } else if (geometry instanceof Geometry.Ellipsoid e) {
            return OptionalDouble.of(4.0 / 3 * pi * e.radii().x() * e.radii().y() * e.radii().z());
        } else if (geometry instanceof Geometry.Cone c) {
            return OptionalDouble.of(pi * c.radius() * c.radius() * c.length() / 3);
        }
        return OptionalDouble.empty(); // planes are infinite; meshes and the like are not read
    }

    private static String geometryKind(Geometry geometry) {
        return geometry instanceof Geometry.Unsupported u ? u.kind()
                : geometry.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }
}
