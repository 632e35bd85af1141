package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.tag;
import static io.orrery.world.sdf.Values.text;

import io.orrery.log.LogSafe;
import io.orrery.world.Geometry;
import io.orrery.world.PhysicalBounds;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.ConvexParts;
import io.orrery.world.mesh.ExtrudedPolyline;
import io.orrery.world.mesh.TriangleMesh;
import io.orrery.world.mesh.decomposition.ConvexDecomposition;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A collision's or visual's {@code <geometry>}: the primitive shapes with SDF's defaults, meshes and heightmaps read
 * from their files ({@link MeshFiles}); polylines extruded; images kept unread. A collision's file that cannot be read
 * refuses the world; a visual's is a warning, and the visual is not drawn (as Gazebo draws what it can).
 */
final class GeometryReader {

    // logged under SdfReader, the logger users configure for SDF reading
    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);
    private static final String GEOMETRIES =
            "box, sphere, cylinder, capsule, ellipsoid, cone, plane, mesh, heightmap, polyline, image or empty";

    /** SDF's default {@code <max_convex_hulls>} and {@code <voxel_resolution>}. */
    private static final int DEFAULT_MAX_CONVEX_HULLS = 16;

    private static final int DEFAULT_VOXEL_RESOLUTION = 200_000;

    /** The most {@code <point>}s the {@code <polyline>}s of one geometry hold (docs/limits.md). */
    static final int MAX_POLYLINE_POINTS = 1024;

    private final MeshFiles files;

    GeometryReader(MeshFiles files) {
        this.files = files;
    }

    MeshFiles files() {
        return files;
    }

    /** A collision's geometry: a file that cannot be read is an error. */
    Geometry geometry(Element g, String where) {
        return geometry(g, where, false);
    }

    /** A visual's geometry: a mesh or heightmap file that cannot be read is a warning and an unsupported geometry. */
    Geometry visualGeometry(Element g, String where) {
        return geometry(g, where, true);
    }

    private Geometry geometry(Element g, String where, boolean visual) {
        List<Element> shapes = g.getChildren();
        if (shapes.isEmpty()) {
            throw fail(g, where, "<geometry> is empty: expected one of " + GEOMETRIES);
        }
        if (shapes.size() > 1
                && shapes.stream().allMatch(e -> e.getQualifiedName().equals("polyline"))) {
            return polyline(shapes, where);
        }
        if (shapes.size() > 1) {
            throw fail(
                    shapes.get(1),
                    where,
                    "<geometry> must hold exactly one shape, found "
                            + shapes.stream().map(Values::tag).toList());
        }
        Element s = shapes.get(0);
        return switch (s.getQualifiedName()) {
            case "box" ->
                new Geometry.Box(
                        optional(s, "size").map(e -> Values.lengths(e, where)).orElse(new Vec3(1, 1, 1)));
            case "sphere" -> new Geometry.Sphere(length(s, "radius", 1, where));
            case "cylinder" -> new Geometry.Cylinder(length(s, "radius", 1, where), length(s, "length", 1, where));
            case "capsule" -> new Geometry.Capsule(length(s, "radius", 0.5, where), length(s, "length", 1, where));
            case "ellipsoid" ->
                new Geometry.Ellipsoid(
                        optional(s, "radii").map(e -> Values.lengths(e, where)).orElse(new Vec3(1, 1, 1)));
            case "cone" -> new Geometry.Cone(length(s, "radius", 1, where), length(s, "length", 1, where));
            case "plane" -> plane(s, where);
            case "mesh" -> fromFile(s, where, visual, () -> mesh(s, where));
            case "heightmap" -> fromFile(s, where, visual, () -> heightmap(s, where));
            case "image" ->
                unsupported(s, where, optional(s, "uri").map(Values::text).orElse(""), visual);
            case "polyline" -> polyline(shapes, where);
            case "empty" -> new Geometry.Unsupported("empty", "");
            default -> throw fail(s, where, "unknown geometry " + tag(s) + ": expected one of " + GEOMETRIES);
        };
    }

    /**
     * A mesh or heightmap read with {@code read}; for a visual, a file that cannot be found or read is a warning naming
     * the place and the reason, and an unsupported geometry. Malformed values refuse the world either way.
     */
    private static Geometry fromFile(Element s, String where, boolean visual, Supplier<Geometry> read) {
        try {
            return read.get();
        } catch (FileProblem problem) {
            if (!visual) {
                throw problem.error;
            }
            LOG.warn("{}; the visual is not drawn", problem.error.getMessage());
            return new Geometry.Unsupported(s.getQualifiedName(), problem.error.detail());
        }
    }

    /** An error finding or reading a file, told apart from a malformed value. */
    private static final class FileProblem extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient SdfException error;

        FileProblem(SdfException error) {
            super(error.getMessage(), null, false, false);
            this.error = error;
        }
    }

    private static <T> T file(Supplier<T> work) {
        try {
            return work.get();
        } catch (SdfException e) {
            throw new FileProblem(e);
        }
    }

    private Geometry mesh(Element s, String where) {
        Element uriElement = required(s, "uri", where);
        String uri = text(uriElement);
        Vec3 scale = optional(s, "scale").map(e -> nonZero(e, where)).orElse(new Vec3(1, 1, 1));
        Optional<String> submesh = Optional.empty();
        boolean center = false;
        Element sub = s.getChild("submesh");
        if (sub != null) {
            submesh = Optional.of(text(required(sub, "name", where)));
            center = optional(sub, "center").map(e -> Values.bool(e, where)).orElse(false);
        }
        Geometry.MeshOptimization optimization =
                switch (s.getAttributeValue("optimization", "").strip()) {
                    case "" -> Geometry.MeshOptimization.NONE;
                    case "convex_hull" -> Geometry.MeshOptimization.CONVEX_HULL;
                    case "convex_decomposition" -> Geometry.MeshOptimization.CONVEX_DECOMPOSITION;
                    default ->
                        throw fail(
                                s,
                                where,
                                "optimization=\"" + s.getAttributeValue("optimization")
                                        + "\" is not supported: expected convex_hull or convex_decomposition");
                };
        int maxHulls = DEFAULT_MAX_CONVEX_HULLS;
        int voxels = DEFAULT_VOXEL_RESOLUTION;
        Element decomposition = s.getChild("convex_decomposition");
        if (decomposition != null) {
            maxHulls = optional(decomposition, "max_convex_hulls")
                    .map(e -> within(e, 1, ConvexDecomposition.MAX_CONVEX_HULLS, where))
                    .orElse(maxHulls);
            voxels = optional(decomposition, "voxel_resolution")
                    .map(e -> within(
                            e,
                            ConvexDecomposition.MIN_VOXEL_RESOLUTION,
                            ConvexDecomposition.MAX_VOXEL_RESOLUTION,
                            where))
                    .orElse(voxels);
        }
        String name = submesh.orElse(null);
        boolean centred = center;
        double[] factors = {scale.x(), scale.y(), scale.z()};
        MeshFiles.Resolved file = file(() -> files.resolve(uriElement, uri, where));
        var triangles = file(() -> files.read(
                uriElement, uri, file, where, f -> files.loader().mesh(f, file.root(), factors, name, centred)));
        requireWithinLength(uriElement, uri, where, triangles);
        Optional<ConvexParts> parts = Optional.empty();
        if (optimization == Geometry.MeshOptimization.CONVEX_DECOMPOSITION) {
            // here, as the model is read, never on the runner thread; kept with the mesh for resets and reloads
            int hulls = maxHulls;
            int resolution = voxels;
            parts = Optional.of(files.read(
                    uriElement, uri, file, where, f -> ConvexDecomposition.of(triangles, hulls, resolution)));
        }
        return new Geometry.Mesh(uri, scale, submesh, center, optimization, maxHulls, voxels, triangles, parts);
    }

    /** A mesh, scaled, must fit within {@link PhysicalBounds#MAX_LENGTH} of its frame, as the shapes do. */
    private static void requireWithinLength(Element uriElement, String uri, String where, TriangleMesh mesh) {
        double reach = Math.max(PhysicalBounds.reach(vec3(mesh.min())), PhysicalBounds.reach(vec3(mesh.max())));
        if (reach > PhysicalBounds.MAX_LENGTH) {
            throw fail(
                    uriElement,
                    where,
                    "mesh '" + uri + "' reaches " + reach + " m from its frame (its <scale> applied), beyond "
                            + PhysicalBounds.MAX_LENGTH
                            + " m, the longest shape Orrery simulates (single-precision physics; docs/limits.md)");
        }
    }

    private static Vec3 vec3(float[] xyz) {
        return new Vec3(xyz[0], xyz[1], xyz[2]);
    }

    private Geometry heightmap(Element s, String where) {
        Element uriElement = required(s, "uri", where);
        String uri = text(uriElement);
        Vec3 size = optional(s, "size").map(e -> Values.lengths(e, where)).orElse(new Vec3(1, 1, 1));
        Vec3 pos = optional(s, "pos")
                .map(e -> {
                    Vec3 v = Values.vec3(e, where);
                    Values.requirePosition(e, where, v);
                    return v;
                })
                .orElse(Vec3.ZERO);
        MeshFiles.Resolved file = file(() -> files.resolve(uriElement, uri, where));
        var image = file(() ->
                files.read(uriElement, uri, file, where, f -> files.loader().heightmap(f)));
        return new Geometry.Heightmap(uri, size, pos, image);
    }

    /**
     * Several {@code <polyline>}s (SDF allows them in one geometry), extruded together as gz-common does: the first's
     * {@code <height>} for all, an outline inside another a hole.
     */
    private static Geometry polyline(List<Element> polylines, String where) {
        List<double[]> outlines = new java.util.ArrayList<>();
        List<Double> heights = new java.util.ArrayList<>();
        int total = 0;
        for (Element p : polylines) {
            List<Element> points = p.getChildren("point");
            total += points.size();
            if (total > MAX_POLYLINE_POINTS) {
                throw fail(
                        p,
                        where,
                        "<polyline>s hold more than " + MAX_POLYLINE_POINTS
                                + " <point>s in one <geometry> (docs/limits.md)");
            }
            if (points.size() < 3) {
                throw fail(p, where, "<polyline> needs at least three <point>s, got " + points.size());
            }
            double[] xy = new double[2 * points.size()];
            for (int i = 0; i < points.size(); i++) {
                double[] v = Values.numbers(points.get(i), 2, where);
                Values.requireLength(points.get(i), where, Math.max(Math.abs(v[0]), Math.abs(v[1])));
                xy[2 * i] = v[0];
                xy[2 * i + 1] = v[1];
            }
            outlines.add(xy);
            heights.add(length(p, "height", 1, where));
        }
        Element first = polylines.get(0);
        try {
            return new Geometry.Polyline(
                    outlines, heights, ExtrudedPolyline.of("polyline at " + where, outlines, heights.get(0)));
        } catch (IllegalArgumentException e) {
            throw fail(first, where, "<polyline>: " + e.getMessage());
        }
    }

    private static Element required(Element parent, String child, String where) {
        return optional(parent, child).orElseThrow(() -> fail(parent, where, tag(parent) + " needs a <" + child + ">"));
    }

    private static Vec3 nonZero(Element e, String where) {
        Vec3 v = Values.vec3(e, where);
        if (v.x() == 0 || v.y() == 0 || v.z() == 0) {
            throw fail(e, where, tag(e) + " must be three numbers other than zero, got '" + text(e) + "'");
        }
        return v;
    }

    /** An integer from {@code min} to {@code max}: V-HACD's parameters, bounded so a decomposition stays short. */
    private static int within(Element e, int min, int max, String where) {
        int value = Values.integer(e, where);
        if (value < min || value > max) {
            throw fail(
                    e,
                    where,
                    tag(e) + " must be " + min + " to " + max + ", got " + value
                            + " (V-HACD's time and memory grow with it; docs/limits.md)");
        }
        return value;
    }

    private static Geometry plane(Element s, String where) {
        Vec3 normal = Vec3.UNIT_Z;
        double sizeX = 1;
        double sizeY = 1;
        Element n = s.getChild("normal");
        if (n != null) {
            normal = Values.vec3(n, where);
            if (normal.length() == 0) {
                throw fail(n, where, "<normal> must not be the zero vector");
            }
            normal = normal.normalized();
        }
        Element size = s.getChild("size");
        if (size != null) {
            double[] v = Values.numbers(size, 2, where);
            if (v[0] <= 0 || v[1] <= 0) {
                throw fail(size, where, "<size> must be two positive numbers, got '" + text(size) + "'");
            }
            Values.requireLength(size, where, Math.max(v[0], v[1]));
            sizeX = v[0];
            sizeY = v[1];
        }
        return new Geometry.Plane(normal, sizeX, sizeY);
    }

    private static Geometry unsupported(Element s, String where, String detail, boolean visual) {
        LOG.warn(
                "{}:{}: {}: {} geometry is not supported ({}); {}",
                LogSafe.of(Values.source(s)),
                line(s),
                LogSafe.of(where),
                s.getQualifiedName(),
                LogSafe.of(detail.isEmpty() ? "no uri" : detail),
                visual ? "the visual is not drawn" : "the link gets no collision shape from it");
        return new Geometry.Unsupported(s.getQualifiedName(), detail);
    }

    private static Optional<Element> optional(Element parent, String child) {
        return Optional.ofNullable(parent.getChild(child));
    }

    private static double length(Element shape, String child, double fallback, String where) {
        return optional(shape, child).map(e -> Values.length(e, where)).orElse(fallback);
    }
}
