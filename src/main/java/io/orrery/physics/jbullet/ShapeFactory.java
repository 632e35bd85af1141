package io.orrery.physics.jbullet;

import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.CapsuleShapeZ;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.CompoundShape;
import com.bulletphysics.collision.shapes.ConeShapeZ;
import com.bulletphysics.collision.shapes.ConvexHullShape;
import com.bulletphysics.collision.shapes.CylinderShapeZ;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.linearmath.Transform;
import com.bulletphysics.util.ObjectArrayList;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.vecmath.Vector3f;

/** Turns a link's collisions into one JBullet shape expressed in the body's centre-of-mass frame. */
final class ShapeFactory {

    private static final Logger LOG = System.getLogger(ShapeFactory.class.getName());
    private static final AtomicBoolean ELLIPSOID_NOTED = new AtomicBoolean();

    /** Bullet's default collision margin; shrunk for small shapes so the margin never exceeds them. */
    private static final float DEFAULT_MARGIN = 0.04f;
    private static final float SHAPELESS_RADIUS = 0.001f;
    private static final int ELLIPSOID_RINGS = 8;
    private static final int ELLIPSOID_SEGMENTS = 16;

    private ShapeFactory() {
    }

    /**
     * The shape of a link.
     *
     * @param shape the shape in the body (centre-of-mass) frame; a tiny sphere when the link has none
     * @param empty true when no collision produced a shape
     * @param hasPlane true when the shape contains an infinite plane (the body can then never move)
     * @param surface the surface of the first collision that produced a shape
     */
    record LinkShape(CollisionShape shape, boolean empty, boolean hasPlane, SurfaceSpec surface) {
    }

    /**
     * Builds the shape of a link's collisions.
     *
     * @param where a description of the link for messages, for example {@code model 'm' link 'l'}
     * @param comInLink the centre-of-mass frame in the link frame
     * @param collisions the link's collisions, poses in the link frame
     * @param isStatic whether the body is static (planes are allowed only then)
     */
    static LinkShape build(String where, Pose comInLink, List<CollisionSpec> collisions, boolean isStatic) {
        Pose linkInCom = comInLink.inverse();
        List<CollisionShape> shapes = new ArrayList<>();
        List<Pose> poses = new ArrayList<>();
        SurfaceSpec surface = null;
        boolean hasPlane = false;
        for (CollisionSpec c : collisions) {
            Geometry g = c.geometry();
            if (g instanceof Geometry.Unsupported) {
                continue; // the reader already reported it
            }
            if (g instanceof Geometry.Plane && !isStatic) {
                LOG.log(Level.WARNING, "{0} collision ''{1}'': a plane on a moving link is not supported; skipped",
                        where, c.name());
                continue;
            }
            CollisionShape shape = convex(where, c.name(), g);
            hasPlane |= g instanceof Geometry.Plane;
            shapes.add(shape);
            poses.add(linkInCom.compose(c.pose()));
            if (surface == null) {
                surface = c.surface();
            }
        }
        if (surface == null) {
            surface = SurfaceSpec.DEFAULT;
        }
        if (shapes.isEmpty()) {
            // An empty compound has an inverted, huge bounding box and JBullet stops simulating such a body; a
            // tiny sphere (kept out of collisions by the caller) keeps it moving and its joints working.
            return new LinkShape(new SphereShape(SHAPELESS_RADIUS), true, false, surface);
        }
        if (shapes.size() == 1) {
            CollisionShape only = shapes.get(0);
            Pose pose = poses.get(0);
            if (only instanceof StaticPlaneShape) {
                // Bake the offset into the plane equation: n'·x = n'·p.
                Geometry.Plane plane = (Geometry.Plane) firstPlane(collisions);
                Vec3 n = pose.rotation().rotate(plane.normal()).normalized();
                return new LinkShape(new StaticPlaneShape(Convert.vector(n), (float) n.dot(pose.position())), false,
                        true, surface);
            }
            if (Convert.isIdentity(pose)) {
                return new LinkShape(only, false, hasPlane, surface);
            }
        }
        CompoundShape compound = new CompoundShape();
        for (int i = 0; i < shapes.size(); i++) {
            compound.addChildShape(Convert.transform(poses.get(i)), shapes.get(i));
        }
        return new LinkShape(compound, false, hasPlane, surface);
    }

    private static Geometry firstPlane(List<CollisionSpec> collisions) {
        return collisions.stream().map(CollisionSpec::geometry).filter(g -> g instanceof Geometry.Plane).findFirst()
                .orElseThrow();
    }

    private static CollisionShape convex(String where, String collision, Geometry g) {
        if (g instanceof Geometry.Box box) {
            requirePositive(where, collision, "box size", box.size().x(), box.size().y(), box.size().z());
            BoxShape shape = new BoxShape(Convert.vector(box.size().times(0.5)));
            shape.setMargin(margin(Math.min(box.size().x(), Math.min(box.size().y(), box.size().z())) / 2));
            return shape;
        }
        if (g instanceof Geometry.Sphere sphere) {
            requirePositive(where, collision, "sphere radius", sphere.radius());
            return new SphereShape((float) sphere.radius());
        }
        if (g instanceof Geometry.Cylinder cyl) {
            requirePositive(where, collision, "cylinder radius and length", cyl.radius(), cyl.length());
            CylinderShapeZ shape = new CylinderShapeZ(
                    new Vector3f((float) cyl.radius(), (float) cyl.radius(), (float) (cyl.length() / 2)));
            shape.setMargin(margin(Math.min(cyl.radius(), cyl.length() / 2)));
            return shape;
        }
        if (g instanceof Geometry.Capsule cap) {
            requirePositive(where, collision, "capsule radius", cap.radius());
            return new CapsuleShapeZ((float) cap.radius(), (float) Math.max(0, cap.length()));
        }
        if (g instanceof Geometry.Cone cone) {
            requirePositive(where, collision, "cone radius and length", cone.radius(), cone.length());
            ConeShapeZ shape = new ConeShapeZ((float) cone.radius(), (float) cone.length());
            shape.setMargin(margin(Math.min(cone.radius(), cone.length()) / 4));
            return shape;
        }
        if (g instanceof Geometry.Ellipsoid ell) {
            Vec3 r = ell.radii();
            requirePositive(where, collision, "ellipsoid radii", r.x(), r.y(), r.z());
            return ellipsoid(r);
        }
        if (g instanceof Geometry.Plane plane) {
            return new StaticPlaneShape(Convert.vector(plane.normal().normalized()), 0);
        }
        throw new IllegalArgumentException(where + " collision '" + collision + "': unexpected geometry " + g);
    }

    /**
     * JBullet has no ellipsoid: a convex hull of points on the surface (a latitude-longitude grid), shrunk by the
     * margin that Bullet adds back around a hull.
     */
    private static CollisionShape ellipsoid(Vec3 radii) {
        if (ELLIPSOID_NOTED.compareAndSet(false, true)) {
            LOG.log(Level.INFO, "ellipsoids are approximated by a convex hull of {0} surface points",
                    ELLIPSOID_RINGS * ELLIPSOID_SEGMENTS + 2);
        }
        float margin = margin(Math.min(radii.x(), Math.min(radii.y(), radii.z())) / 2);
        double rx = radii.x() - margin;
        double ry = radii.y() - margin;
        double rz = radii.z() - margin;
        ObjectArrayList<Vector3f> points = new ObjectArrayList<>();
        points.add(new Vector3f(0, 0, (float) rz));
        points.add(new Vector3f(0, 0, (float) -rz));
        for (int i = 1; i <= ELLIPSOID_RINGS; i++) {
            double lat = Math.PI * i / (ELLIPSOID_RINGS + 1) - Math.PI / 2;
            for (int j = 0; j < ELLIPSOID_SEGMENTS; j++) {
                double lon = 2 * Math.PI * j / ELLIPSOID_SEGMENTS;
                points.add(new Vector3f((float) (rx * Math.cos(lat) * Math.cos(lon)),
                        (float) (ry * Math.cos(lat) * Math.sin(lon)), (float) (rz * Math.sin(lat))));
            }
        }
        ConvexHullShape hull = new ConvexHullShape(points);
        hull.setMargin(margin);
        return hull;
    }

    private static float margin(double smallestHalfSize) {
        return (float) Math.min(DEFAULT_MARGIN, smallestHalfSize * 0.2);
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
