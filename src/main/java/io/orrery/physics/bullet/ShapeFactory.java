package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CapsuleCollisionShape;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.collision.shapes.CompoundCollisionShape;
import com.jme3.bullet.collision.shapes.ConeCollisionShape;
import com.jme3.bullet.collision.shapes.CylinderCollisionShape;
import com.jme3.bullet.collision.shapes.HullCollisionShape;
import com.jme3.bullet.collision.shapes.PlaneCollisionShape;
import com.jme3.bullet.collision.shapes.SphereCollisionShape;
import com.jme3.math.Plane;
import com.jme3.math.Vector3f;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a link's collisions into one Bullet shape in the body's centre-of-mass frame, as the JBullet engine's
 * factory does: the same margins, a tiny sphere for a shapeless link, a plane baked into its equation, a convex hull
 * of surface points for an ellipsoid.
 */
final class ShapeFactory {

    private static final Logger LOG = System.getLogger(ShapeFactory.class.getName());

    private static final float DEFAULT_MARGIN = 0.04f;
    private static final float SHAPELESS_RADIUS = 0.001f;
    private static final int ELLIPSOID_RINGS = 8;
    private static final int ELLIPSOID_SEGMENTS = 16;

    private ShapeFactory() {
    }

    /** The shape of a link; see the JBullet engine's {@code ShapeFactory.LinkShape}. */
    record LinkShape(CollisionShape shape, boolean empty, boolean hasPlane, SurfaceSpec surface) {
    }

    static LinkShape build(String where, Pose comInLink, List<CollisionSpec> collisions, boolean isStatic) {
        Pose linkInCom = comInLink.inverse();
        List<CollisionShape> shapes = new ArrayList<>();
        List<Pose> poses = new ArrayList<>();
        List<Geometry> geometries = new ArrayList<>();
        SurfaceSpec surface = null;
        boolean hasPlane = false;
        for (CollisionSpec c : collisions) {
            Geometry g = c.geometry();
            if (g instanceof Geometry.Unsupported) {
                continue;
            }
            if (g instanceof Geometry.Plane && !isStatic) {
                LOG.log(Level.WARNING, "{0} collision ''{1}'': a plane on a moving link is not supported; skipped",
                        where, c.name());
                continue;
            }
            Pose pose = linkInCom.compose(c.pose());
            hasPlane |= g instanceof Geometry.Plane;
            shapes.add(g instanceof Geometry.Plane plane ? plane(plane, pose) : convex(where, c.name(), g));
            poses.add(pose);
            geometries.add(g);
            if (surface == null) {
                surface = c.surface();
            }
        }
        if (surface == null) {
            surface = SurfaceSpec.DEFAULT;
        }
        if (shapes.isEmpty()) {
            return new LinkShape(new SphereCollisionShape(SHAPELESS_RADIUS), true, false, surface);
        }
        if (shapes.size() == 1 && (geometries.get(0) instanceof Geometry.Plane || isIdentity(poses.get(0)))) {
            return new LinkShape(shapes.get(0), false, hasPlane, surface);
        }
        CompoundCollisionShape compound = new CompoundCollisionShape(shapes.size());
        for (int i = 0; i < shapes.size(); i++) {
            if (geometries.get(i) instanceof Geometry.Plane) {
                continue; // a plane cannot be a compound's child; a plane and other shapes on one link is static
            }
            Pose p = poses.get(i);
            compound.addChildShape(shapes.get(i), Convert.vector(p.position()), Convert.matrix(p.rotation()));
        }
        return new LinkShape(compound, false, hasPlane, surface);
    }

    /** A plane with its offset baked into the equation: n'·x = n'·p. */
    private static CollisionShape plane(Geometry.Plane plane, Pose pose) {
        Vec3 n = pose.rotation().rotate(plane.normal().normalized()).normalized();
        return new PlaneCollisionShape(new Plane(Convert.vector(n), (float) n.dot(pose.position())));
    }

    private static CollisionShape convex(String where, String collision, Geometry g) {
        if (g instanceof Geometry.Box box) {
            requirePositive(where, collision, "box size", box.size().x(), box.size().y(), box.size().z());
            BoxCollisionShape shape = new BoxCollisionShape(Convert.vector(box.size().times(0.5)));
            shape.setMargin(margin(Math.min(box.size().x(), Math.min(box.size().y(), box.size().z())) / 2));
            return shape;
        }
        if (g instanceof Geometry.Sphere sphere) {
            requirePositive(where, collision, "sphere radius", sphere.radius());
            return new SphereCollisionShape((float) sphere.radius());
        }
        if (g instanceof Geometry.Cylinder cyl) {
            requirePositive(where, collision, "cylinder radius and length", cyl.radius(), cyl.length());
            CylinderCollisionShape shape = new CylinderCollisionShape(
                    new Vector3f((float) cyl.radius(), (float) cyl.radius(), (float) (cyl.length() / 2)),
                    PhysicsSpace.AXIS_Z);
            shape.setMargin(margin(Math.min(cyl.radius(), cyl.length() / 2)));
            return shape;
        }
        if (g instanceof Geometry.Capsule cap) {
            requirePositive(where, collision, "capsule radius", cap.radius());
            return new CapsuleCollisionShape((float) cap.radius(), (float) Math.max(0, cap.length()),
                    PhysicsSpace.AXIS_Z);
        }
        if (g instanceof Geometry.Cone cone) {
            requirePositive(where, collision, "cone radius and length", cone.radius(), cone.length());
            ConeCollisionShape shape = new ConeCollisionShape((float) cone.radius(), (float) cone.length(),
                    PhysicsSpace.AXIS_Z);
            shape.setMargin(margin(Math.min(cone.radius(), cone.length()) / 4));
            return shape;
        }
        if (g instanceof Geometry.Ellipsoid ell) {
            Vec3 r = ell.radii();
            requirePositive(where, collision, "ellipsoid radii", r.x(), r.y(), r.z());
            return ellipsoid(r);
        }
        throw new IllegalArgumentException(where + " collision '" + collision + "': unexpected geometry " + g);
    }

    /** Bullet has no ellipsoid: a convex hull of a latitude-longitude grid of surface points, shrunk by the margin. */
    private static CollisionShape ellipsoid(Vec3 radii) {
        float margin = margin(Math.min(radii.x(), Math.min(radii.y(), radii.z())) / 2);
        double rx = radii.x() - margin;
        double ry = radii.y() - margin;
        double rz = radii.z() - margin;
        List<Vector3f> points = new ArrayList<>();
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
        HullCollisionShape hull = new HullCollisionShape(points);
        hull.setMargin(margin);
        return hull;
    }

    private static float margin(double smallestHalfSize) {
        return (float) Math.min(DEFAULT_MARGIN, smallestHalfSize * 0.2);
    }

    private static boolean isIdentity(Pose p) {
        return p.position().length() < 1e-9 && p.rotation().angleTo(io.orrery.world.Quat.IDENTITY) < 1e-9;
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
