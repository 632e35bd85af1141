package io.orrery.physics.rigid;

import io.orrery.log.LogSafe;
import io.orrery.physics.ShapeInfo;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.ConvexParts;
import io.orrery.world.mesh.TriangleMesh;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a link's collisions make, decided the same way for both engines: which collisions count (not unsupported
 * geometry, not a plane on a moving link), each one's pose in the body's centre-of-mass frame, its dimensions checked,
 * its collision margin, the surface of the first, and when the parts need a compound. A mesh becomes what Gazebo
 * makes of it: the exact triangles on a static link; on a moving one a convex hull, or V-HACD's convex parts with
 * {@code optimization="convex_decomposition"} (computed as the mesh was read). A heightmap becomes a heightfield, on a static link only. An engine
 * makes its shapes through {@link Shapes}.
 *
 * @param parts the collisions that make shapes, in order
 * @param staticOnly true when a part can only be static (a plane, a triangle mesh, a heightfield): the body can then
 *     never move
 * @param surface the surface of the first part, or the default when there is none
 */
public record ShapePlan(List<Part> parts, boolean staticOnly, SurfaceSpec surface) {

    private static final Logger LOG = System.getLogger(ShapePlan.class.getName());
    private static final AtomicBoolean ELLIPSOID_NOTED = new AtomicBoolean();

    /** Bullet's default collision margin; shrunk for small shapes so the margin never exceeds them. */
    private static final float DEFAULT_MARGIN = 0.04f;
    /** The radius of the tiny sphere a shapeless link gets, metres. */
    private static final float SHAPELESS_RADIUS = 0.001f;

    private static final int ELLIPSOID_RINGS = 8;
    private static final int ELLIPSOID_SEGMENTS = 16;
    /**
     * The margin Bullet adds around a mesh's convex hull, metres: a mesh body rests this much above its hull. Small,
     * so the hull is the mesh's; Bullet's 0.04 default would lift a robot 4 cm.
     */
    public static final float HULL_MARGIN = 0.001f;
    /** The margin around a static mesh's triangles and a heightfield: things rest this much above them, metres. */
    public static final float CONCAVE_MARGIN = 0.001f;

    /** What a part becomes. */
    public enum Kind {
        /** A primitive shape, or a plane. */
        PRIMITIVE,
        /** A mesh's convex hull. */
        HULL,
        /** A mesh's approximate convex decomposition. */
        DECOMPOSITION,
        /** A static mesh's exact triangles. */
        TRIANGLES,
        /** A heightmap's grid. */
        HEIGHTFIELD,
        /** Extruded polylines' convex prisms. */
        PRISMS
    }

    /**
     * One collision that makes a shape.
     *
     * @param name the collision's name
     * @param geometry its geometry, dimensions checked
     * @param pose its frame in the body's centre-of-mass frame
     * @param kind what it becomes
     */
    public record Part(String name, Geometry geometry, Pose pose, Kind kind) {

        /** True for an infinite plane. */
        public boolean isPlane() {
            return geometry instanceof Geometry.Plane;
        }

        /** True when the part sits at the centre-of-mass frame itself. */
        public boolean atOrigin() {
            return pose.position().length() < 1e-9 && pose.rotation().angleTo(Quat.IDENTITY) < 1e-9;
        }
    }

    /** An engine's shapes: the convex ones along Z where they have an axis. */
    public interface Shapes<S> {

        /** A tiny sphere, for a link with no shape (the engine keeps it out of collisions). */
        S shapeless(float radius);

        /** A static link's only shape, a plane, its part's pose baked into the plane equation. */
        S plane(Geometry.Plane plane, Pose pose);

        /** Several parts (or one away from the origin) joined. */
        S compound(List<Child<S>> children);

        S box(Vec3 halfExtents, float margin);

        S sphere(double radius);

        S cylinder(double radius, double halfLength, float margin);

        S capsule(double radius, double length);

        S cone(double radius, double length, float margin);

        /** A convex hull of points, with a margin around it. */
        S hull(List<Vec3> points, float margin);

        /** A static mesh's exact triangles, in the part's frame, with a margin around them. */
        S triangles(TriangleMesh mesh, float margin);

        /** A static heightfield centred on its own frame, with a margin above it. */
        S heightfield(Heightfield field, float margin);

        /** False when {@link #compound} leaves planes out, so the children after one move up an index. */
        default boolean compoundKeepsPlanes() {
            return true;
        }
    }

    /**
     * Plans the shape of a link's collisions: the parts that count, checked.
     *
     * @param where a description of the link for messages, for example {@code model 'm' link 'l'}
     * @param comInLink the centre-of-mass frame in the link frame
     * @param collisions the link's collisions, poses in the link frame
     * @param isStatic whether the body is static (planes are allowed only then)
     */
    static ShapePlan of(String where, Pose comInLink, List<CollisionSpec> collisions, boolean isStatic) {
        Pose linkInCom = comInLink.inverse();
        List<Part> parts = new ArrayList<>();
        SurfaceSpec surface = null;
        boolean staticOnly = false;
        for (CollisionSpec c : collisions) {
            Geometry g = c.geometry();
            if (g instanceof Geometry.Unsupported) {
                continue; // the reader already reported it
            }
            if (g instanceof Geometry.Plane && !isStatic) {
                LOG.log(
                        Level.WARNING,
                        "{0} collision ''{1}'': a plane on a moving link is not supported; skipped",
                        LogSafe.of(where),
                        LogSafe.of(c.name()));
                continue;
            }
            if (g instanceof Geometry.Heightmap && !isStatic) {
                throw new IllegalArgumentException(where + " collision '" + c.name() + "': a heightmap collides only"
                        + " on a static link, as in Gazebo; make the model static");
            }
            check(where, c.name(), g);
            Kind kind = kind(g, isStatic);
            staticOnly |= g instanceof Geometry.Plane || kind == Kind.TRIANGLES || kind == Kind.HEIGHTFIELD;
            parts.add(new Part(c.name(), g, linkInCom.compose(c.pose()), kind));
            if (surface == null) {
                surface = c.surface();
            }
        }
        return new ShapePlan(List.copyOf(parts), staticOnly, surface == null ? SurfaceSpec.DEFAULT : surface);
    }

    private static Kind kind(Geometry g, boolean isStatic) {
        if (g instanceof Geometry.Heightmap) {
            return Kind.HEIGHTFIELD;
        }
        if (g instanceof Geometry.Polyline) {
            return Kind.PRISMS;
        }
        if (g instanceof Geometry.Mesh mesh) {
            if (isStatic) {
                return Kind.TRIANGLES;
            }
            return mesh.optimization() == Geometry.MeshOptimization.CONVEX_DECOMPOSITION
                    ? Kind.DECOMPOSITION
                    : Kind.HULL;
        }
        return Kind.PRIMITIVE;
    }

    /**
     * The shape of a link's collisions in an engine.
     *
     * @param link the link (its collisions, centre of mass and whether it starts static: planes only then)
     * @param shapes the engine's shapes
     */
    static <S> LinkShape<S> build(LinkPlan link, Shapes<S> shapes) {
        ShapePlan plan = of(link.where(), link.comInLink(), link.spec().collisions(), link.staticNow());
        List<Part> parts = plan.parts();
        if (parts.isEmpty()) {
            return new LinkShape<>(
                    shapes.shapeless(SHAPELESS_RADIUS),
                    true,
                    false,
                    plan.surface(),
                    List.of(),
                    Quat.IDENTITY,
                    List.of());
        }
        List<ShapeInfo> infos = new ArrayList<>();
        Part only = parts.get(0);
        if (parts.size() == 1 && only.geometry() instanceof Geometry.Plane plane) {
            infos.add(new ShapeInfo(only.name(), "plane", 0, 0, 0));
            return new LinkShape<>(
                    shapes.plane(plane, only.pose()),
                    false,
                    true,
                    plan.surface(),
                    infos,
                    only.pose().rotation(),
                    List.of(only.name()));
        }
        List<Child<S>> children = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Part part : parts) {
            int before = children.size();
            add(part, shapes, infos, children);
            for (int i = before; i < children.size(); i++) {
                if (children.get(i).plane() == null || shapes.compoundKeepsPlanes()) {
                    names.add(part.name());
                }
            }
        }
        Child<S> first = children.get(0);
        S shape = children.size() == 1 && first.plane() == null && atOrigin(first.pose())
                ? first.shape()
                : shapes.compound(children);
        return new LinkShape<>(
                shape,
                false,
                plan.staticOnly(),
                plan.surface(),
                infos,
                only.pose().rotation(),
                names);
    }

    /**
     * A compound's child. Engines cannot nest compounds (Libbulletjme refuses to), so a decomposition's hulls are
     * children of the link's compound each.
     *
     * @param shape the engine's shape, null for a plane
     * @param pose its frame in the body's centre-of-mass frame
     * @param plane the plane, when the child is one (only a static link has them)
     */
    public record Child<S>(S shape, Pose pose, Geometry.Plane plane) {}

    /** The children a part makes (a decomposition one per hull); what it became added to {@code infos}. */
    private static <S> void add(Part part, Shapes<S> shapes, List<ShapeInfo> infos, List<Child<S>> children) {
        Geometry g = part.geometry();
        String name = part.name();
        switch (part.kind()) {
            case HULL -> {
                List<Vec3> hull = points(HullPoints.of(((Geometry.Mesh) g).triangles()));
                infos.add(new ShapeInfo(name, "convex_hull", 1, hull.size(), 0));
                children.add(new Child<>(shapes.hull(hull, HULL_MARGIN), part.pose(), null));
            }
            case DECOMPOSITION -> {
                // decomposed as the mesh was read, never here: a build may be on the runner thread
                ConvexParts parts = ((Geometry.Mesh) g).convexParts().orElseThrow();
                for (int i = 0; i < parts.count(); i++) {
                    children.add(new Child<>(shapes.hull(points(parts.points(i)), HULL_MARGIN), part.pose(), null));
                }
                infos.add(new ShapeInfo(name, "convex_decomposition", parts.count(), parts.vertexCount(), 0));
            }
            case PRISMS -> {
                // the extrusion's exact convex pieces, on a moving link and a static one alike
                ConvexParts prisms = ((Geometry.Polyline) g).solid().parts();
                for (int i = 0; i < prisms.count(); i++) {
                    children.add(new Child<>(shapes.hull(points(prisms.points(i)), HULL_MARGIN), part.pose(), null));
                }
                infos.add(new ShapeInfo(name, "extruded_polyline", prisms.count(), prisms.vertexCount(), 0));
            }
            case TRIANGLES -> {
                TriangleMesh mesh = ((Geometry.Mesh) g).triangles();
                infos.add(new ShapeInfo(name, "triangle_mesh", 0, mesh.vertexCount(), mesh.triangleCount()));
                children.add(new Child<>(shapes.triangles(mesh, CONCAVE_MARGIN), part.pose(), null));
            }
            case HEIGHTFIELD -> {
                Heightfield field = Heightfield.of((Geometry.Heightmap) g);
                int side = field.side();
                infos.add(new ShapeInfo(name, "heightfield", 0, side * side, 2 * (side - 1) * (side - 1)));
                children.add(new Child<>(
                        shapes.heightfield(field, CONCAVE_MARGIN),
                        part.pose().compose(new Pose(field.centre(), Quat.IDENTITY)),
                        null));
            }
            default -> {
                if (g instanceof Geometry.Plane plane) {
                    infos.add(new ShapeInfo(name, "plane", 0, 0, 0));
                    children.add(new Child<>(null, part.pose(), plane));
                    return;
                }
                boolean ellipsoid = g instanceof Geometry.Ellipsoid;
                infos.add(new ShapeInfo(
                        name,
                        g.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT),
                        ellipsoid ? 1 : 0,
                        ellipsoid ? ELLIPSOID_RINGS * ELLIPSOID_SEGMENTS + 2 : 0,
                        0));
                children.add(new Child<>(convex(g, shapes), part.pose(), null));
            }
        }
    }

    private static boolean atOrigin(Pose pose) {
        return pose.position().length() < 1e-9 && pose.rotation().angleTo(Quat.IDENTITY) < 1e-9;
    }

    private static List<Vec3> points(float[] xyz) {
        List<Vec3> points = new ArrayList<>(xyz.length / 3);
        for (int i = 0; i + 2 < xyz.length; i += 3) {
            points.add(new Vec3(xyz[i], xyz[i + 1], xyz[i + 2]));
        }
        return points;
    }

    /** A primitive's convex shape, in its own frame. */
    private static <S> S convex(Geometry g, Shapes<S> shapes) {
        if (g instanceof Geometry.Box box) {
            Vec3 size = box.size();
            return shapes.box(size.times(0.5), margin(Math.min(size.x(), Math.min(size.y(), size.z())) / 2));
        }
        if (g instanceof Geometry.Sphere sphere) {
            return shapes.sphere(sphere.radius());
        }
        if (g instanceof Geometry.Cylinder cyl) {
            return shapes.cylinder(cyl.radius(), cyl.length() / 2, margin(Math.min(cyl.radius(), cyl.length() / 2)));
        }
        if (g instanceof Geometry.Capsule cap) {
            return shapes.capsule(cap.radius(), Math.max(0, cap.length()));
        }
        if (g instanceof Geometry.Cone cone) {
            return shapes.cone(cone.radius(), cone.length(), margin(Math.min(cone.radius(), cone.length()) / 4));
        }
        if (g instanceof Geometry.Ellipsoid ell) {
            return ellipsoid(ell.radii(), shapes);
        }
        throw new IllegalArgumentException("not a convex geometry: " + g);
    }

    /**
     * No engine has an ellipsoid: a convex hull of points on the surface (a latitude-longitude grid), shrunk by the
     * margin that the engine adds back around a hull.
     */
    private static <S> S ellipsoid(Vec3 radii, Shapes<S> shapes) {
        if (ELLIPSOID_NOTED.compareAndSet(false, true)) {
            LOG.log(
                    Level.INFO,
                    "ellipsoids are approximated by a convex hull of {0} surface points",
                    ELLIPSOID_RINGS * ELLIPSOID_SEGMENTS + 2);
        }
        float margin = margin(Math.min(radii.x(), Math.min(radii.y(), radii.z())) / 2);
        double rx = radii.x() - margin;
        double ry = radii.y() - margin;
        double rz = radii.z() - margin;
        List<Vec3> points = new ArrayList<>(ELLIPSOID_RINGS * ELLIPSOID_SEGMENTS + 2);
        points.add(new Vec3(0, 0, rz));
        points.add(new Vec3(0, 0, -rz));
        for (int i = 1; i <= ELLIPSOID_RINGS; i++) {
            double lat = Math.PI * i / (ELLIPSOID_RINGS + 1) - Math.PI / 2;
            for (int j = 0; j < ELLIPSOID_SEGMENTS; j++) {
                double lon = 2 * Math.PI * j / ELLIPSOID_SEGMENTS;
                points.add(new Vec3(
                        rx * Math.cos(lat) * Math.cos(lon), ry * Math.cos(lat) * Math.sin(lon), rz * Math.sin(lat)));
            }
        }
        return shapes.hull(points, margin);
    }

    private static float margin(double smallestHalfSize) {
        return (float) Math.min(DEFAULT_MARGIN, smallestHalfSize * 0.2);
    }

    /** Checks the geometry's dimensions: every one positive and finite. */
    private static void check(String where, String collision, Geometry g) {
        if (g instanceof Geometry.Box box) {
            requirePositive(
                    where,
                    collision,
                    "box size",
                    box.size().x(),
                    box.size().y(),
                    box.size().z());
        } else if (g instanceof Geometry.Sphere sphere) {
            requirePositive(where, collision, "sphere radius", sphere.radius());
        } else if (g instanceof Geometry.Cylinder cyl) {
            requirePositive(where, collision, "cylinder radius and length", cyl.radius(), cyl.length());
        } else if (g instanceof Geometry.Capsule cap) {
            requirePositive(where, collision, "capsule radius", cap.radius());
        } else if (g instanceof Geometry.Cone cone) {
            requirePositive(where, collision, "cone radius and length", cone.radius(), cone.length());
        } else if (g instanceof Geometry.Ellipsoid ell) {
            Vec3 r = ell.radii();
            requirePositive(where, collision, "ellipsoid radii", r.x(), r.y(), r.z());
        }
    }

    private static void requirePositive(String where, String collision, String what, double... values) {
        for (double v : values) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException(
                        where + " collision '" + collision + "': expected a positive " + what + ", got " + v);
            }
        }
    }
}
