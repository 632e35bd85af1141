package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
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

    private static String geometryKind(Geometry geometry) {
        if (geometry instanceof Geometry.Mesh m) {
            return "mesh '" + m.uri() + "', which encloses no volume: it is open or flat";
        }
        return geometry instanceof Geometry.Unsupported u
                ? u.kind()
                : geometry.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }
}
