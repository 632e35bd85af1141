package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.PhysicalBounds;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.jdom2.Element;

/** A link's {@code <inertial>}: mass, centre of mass and inertia as given, or computed from the collisions. */
final class InertialReader {

    private static final double DEFAULT_DENSITY = 1000; // kg/m³, SDF 1.11's default (water)

    private static final String BOUNDS_WHY = " (single-precision physics; docs/limits.md)";

    /** A collision and its own {@code <density>}, for auto inertia. */
    record ParsedCollision(CollisionSpec spec, OptionalDouble density) {}

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
                throw fail(
                        pose,
                        where + " inertial",
                        "relative_to='" + relativeTo + "' is not supported on an"
                                + " inertial's <pose>: it is always in the link frame (libsdformat ignores the name)");
            }
            centre = Values.pose(pose, where + " inertial");
        }
        return new InertialSpec(
                mass == null ? 1.0 : mass(mass, where),
                centre,
                inertia == null ? Optional.empty() : Optional.of(inertia(inertia, where)));
    }

    /**
     * SDF 1.11's {@code <inertial auto="true">}, as libsdformat resolves it: each collision's mass from its density
     * (its own {@code <density>}, else the inertial's, else 1000 kg/m³) and volume, the centre of mass and the full
     * inertia tensor summed over the collisions (each turned by its pose, moved by the parallel-axis theorem); a given
     * {@code <mass>} scales the whole to that mass.
     */
    private static InertialSpec autoInertial(
            Element in, String where, Element mass, Element density, List<ParsedCollision> collisions) {
        if (collisions.isEmpty()) {
            throw fail(in, where, "<inertial auto=\"true\"> needs at least one <collision> to compute the mass from");
        }
        double linkDensity = density == null ? DEFAULT_DENSITY : Values.positive(density, where);
        double total = 0;
        Vec3 moment = Vec3.ZERO;
        List<double[]> parts = new java.util.ArrayList<>();
        double[][] tensor = new double[3][3];
        for (ParsedCollision c : collisions) {
            ShapeInertia shape = ShapeInertia.of(c.spec().geometry())
                    .orElseThrow(() -> fail(
                            in,
                            where,
                            "<inertial auto=\"true\"> cannot compute the mass of collision '"
                                    + c.spec().name() + "' ("
                                    + geometryKind(c.spec().geometry()) + "): give <mass> and <inertia> instead"));
            double rho = c.density().orElse(linkDensity);
            double m = rho * shape.volume();
            Pose pose = c.spec().pose();
            Vec3 centre = pose.apply(shape.centre());
            total += m;
            moment = moment.plus(centre.times(m));
            // R I Rᵀ about the part's own centre
            Vec3[] axes = {
                pose.rotation().rotate(new Vec3(1, 0, 0)),
                pose.rotation().rotate(new Vec3(0, 1, 0)),
                pose.rotation().rotate(new Vec3(0, 0, 1))
            };
            double[][] rot = new double[3][3]; // columns are the shape's axes in the link frame
            for (int k = 0; k < 3; k++) {
                rot[0][k] = axes[k].x();
                rot[1][k] = axes[k].y();
                rot[2][k] = axes[k].z();
            }
            double[] own = shape.tensor();
            for (int r = 0; r < 3; r++) {
                for (int col = 0; col < 3; col++) {
                    double sum = 0;
                    for (int a = 0; a < 3; a++) {
                        for (int b = 0; b < 3; b++) {
                            sum += rot[r][a] * own[a * 3 + b] * rot[col][b];
                        }
                    }
                    tensor[r][col] += rho * sum;
                }
            }
            parts.add(new double[] {m, centre.x(), centre.y(), centre.z()});
        }
        Vec3 com = total > 0 ? moment.times(1 / total) : Vec3.ZERO;
        for (double[] p : parts) {
            // parallel axis: m (|d|² E − d dᵀ)
            double[] d = {p[1] - com.x(), p[2] - com.y(), p[3] - com.z()};
            double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            for (int r = 0; r < 3; r++) {
                for (int col = 0; col < 3; col++) {
                    tensor[r][col] += p[0] * ((r == col ? d2 : 0) - d[r] * d[col]);
                }
            }
        }
        double finalMass = total;
        if (mass != null) {
            finalMass = mass(mass, where);
            double scale = total > 0 ? finalMass / total : 0;
            for (double[] row : tensor) {
                for (int col = 0; col < 3; col++) {
                    row[col] *= scale;
                }
            }
        }
        String computed = "<inertial> computes from the collisions' volumes and densities ";
        String problem = massProblem(finalMass);
        if (problem != null) {
            throw fail(in, where, computed + "a mass of " + problem);
        }
        for (int r = 0; r < 3; r++) {
            for (int col = r; col < 3; col++) {
                problem = r == col ? momentProblem(tensor[r][col]) : productProblem(tensor[r][col]);
                if (problem != null) {
                    throw fail(in, where, computed + "an inertia of " + problem);
                }
            }
        }
        return new InertialSpec(
                finalMass,
                new Pose(com, Quat.IDENTITY),
                Optional.of(new InertialSpec.Inertia(
                        tensor[0][0], tensor[0][1], tensor[0][2], tensor[1][1], tensor[1][2], tensor[2][2])));
    }

    private static double mass(Element mass, String where) {
        double value = Values.number(mass, where);
        if (value < 0) {
            throw fail(
                    mass, where, "<mass> must be a positive number (or 0 for a static body), got '" + text(mass) + "'");
        }
        String problem = massProblem(value);
        if (problem != null) {
            throw fail(mass, where, "<mass> " + problem);
        }
        return value;
    }

    /**
     * Null for a mass the engines take (0, or within {@link PhysicalBounds#MIN_MASS} and
     * {@link PhysicalBounds#MAX_MASS}), else the mass and the bound it passes.
     */
    private static String massProblem(double kg) {
        if (kg > PhysicalBounds.MAX_MASS) {
            return kg + " kg is beyond " + PhysicalBounds.MAX_MASS + " kg, the heaviest body Orrery simulates"
                    + BOUNDS_WHY;
        }
        if (kg != 0 && kg < PhysicalBounds.MIN_MASS) {
            return kg + " kg is below " + PhysicalBounds.MIN_MASS + " kg, the lightest body Orrery simulates (0 is"
                    + " massless)" + BOUNDS_WHY;
        }
        return null;
    }

    /** Null for a principal moment the engines take (0, or within the inertia bounds), else what is wrong. */
    private static String momentProblem(double kgm2) {
        if (kgm2 != 0 && kgm2 < PhysicalBounds.MIN_INERTIA) {
            return kgm2 + " kg·m² is below " + PhysicalBounds.MIN_INERTIA
                    + " kg·m², the smallest moment of inertia Orrery simulates (0 is allowed)" + BOUNDS_WHY;
        }
        return productProblem(kgm2);
    }

    /** Null for a product of inertia within {@link PhysicalBounds#MAX_INERTIA} either way, else what is wrong. */
    private static String productProblem(double kgm2) {
        if (Math.abs(kgm2) > PhysicalBounds.MAX_INERTIA) {
            return kgm2 + " kg·m² is beyond " + PhysicalBounds.MAX_INERTIA
                    + " kg·m², the largest inertia Orrery simulates" + BOUNDS_WHY;
        }
        return null;
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
                String problem = diagonal ? momentProblem(v[index]) : productProblem(v[index]);
                if (problem != null) {
                    throw fail(c, where, Values.tag(c) + " " + problem);
                }
            }
        }
        return new InertialSpec.Inertia(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    private static String geometryKind(Geometry geometry) {
        if (geometry instanceof Geometry.Mesh m) {
            return "mesh '" + m.uri() + "', which encloses no volume: it is open or flat";
        }
        return geometry instanceof Geometry.Unsupported u
                ? u.kind()
                : geometry.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }
}
