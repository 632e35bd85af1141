package io.orrery.transport.scene;

import com.google.protobuf.Timestamp;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.PoseVProtos.Pose_V;
import dev.foxglove.schemas.Color;
import dev.foxglove.schemas.CubePrimitive;
import dev.foxglove.schemas.CylinderPrimitive;
import dev.foxglove.schemas.FrameTransform;
import dev.foxglove.schemas.FrameTransforms;
import dev.foxglove.schemas.Point3;
import dev.foxglove.schemas.Quaternion;
import dev.foxglove.schemas.SceneEntity;
import dev.foxglove.schemas.SceneUpdate;
import dev.foxglove.schemas.SpherePrimitive;
import dev.foxglove.schemas.TriangleListPrimitive;
import dev.foxglove.schemas.Vector3;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.TriangleMesh;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The world as Foxglove's 3D panel draws it. The scene ({@code foxglove.SceneUpdate}): one entity per link, in the
 * link's frame {@code <model>::<link>}, holding its shapes (primitives; meshes as triangle lists, a coarser copy past
 * {@value #MAX_TRIANGLES} triangles). The frames ({@code foxglove.FrameTransforms}): {@value #ROOT} to each model,
 * each model to its links, from gz sim's {@code pose/info} (models, then each model's links relative to it).
 */
public final class SceneBuilder {

    /** The root frame: the world. */
    public static final String ROOT = "world";

    /** The most triangles one mesh is drawn with, as the dashboard draws it. */
    static final int MAX_TRIANGLES = 20_000;

    private static final Color MOVING =
            Color.newBuilder().setR(0.55).setG(0.62).setB(0.75).setA(1).build();
    private static final Color STATIC =
            Color.newBuilder().setR(0.7).setG(0.7).setB(0.7).setA(1).build();
    /** A plane is drawn as a box this thin (metres). */
    private static final double PLANE_THICKNESS = 0.001;

    private static final Map<TriangleMesh, TriangleMesh> DRAWN = Collections.synchronizedMap(new WeakHashMap<>());

    private SceneBuilder() {}

    /** The scene of {@code models}: every entity replaced, stamped {@code timeNanos}. */
    public static SceneUpdate scene(List<ModelSpec> models, long timeNanos) {
        SceneUpdate.Builder update = SceneUpdate.newBuilder();
        update.addDeletionsBuilder().setTimestamp(timestamp(timeNanos)).setTypeValue(1); // ALL: start afresh
        for (ModelSpec m : models) {
            addLinks(update, m, m.name(), "", m.isStatic(), timeNanos);
        }
        return update.build();
    }

    private static void addLinks(
            SceneUpdate.Builder update, ModelSpec model, String top, String scope, boolean isStatic, long timeNanos) {
        for (LinkSpec l : model.links()) {
            String frame = top + "::" + scope + l.name();
            SceneEntity.Builder e = update.addEntitiesBuilder()
                    .setTimestamp(timestamp(timeNanos))
                    .setFrameId(frame)
                    .setId(frame)
                    .setFrameLocked(true);
            for (CollisionSpec c : l.collisions()) {
                add(e, c.geometry(), c.pose(), isStatic ? STATIC : MOVING);
            }
        }
        for (ModelSpec nested : model.models()) {
            addLinks(update, nested, top, scope + nested.name() + "::", isStatic || nested.isStatic(), timeNanos);
        }
    }

    /** Adds the primitives that draw {@code g} at {@code pose} in the entity's frame; a kind not drawn adds none. */
    static void add(SceneEntity.Builder e, Geometry g, Pose pose, Color color) {
        if (g instanceof Geometry.Box b) {
            e.addCubes(cube(pose, b.size().x(), b.size().y(), b.size().z(), color));
        } else if (g instanceof Geometry.Sphere s) {
            e.addSpheres(sphere(pose, 2 * s.radius(), 2 * s.radius(), 2 * s.radius(), color));
        } else if (g instanceof Geometry.Ellipsoid el) {
            Vec3 r = el.radii();
            e.addSpheres(sphere(pose, 2 * r.x(), 2 * r.y(), 2 * r.z(), color));
        } else if (g instanceof Geometry.Cylinder c) {
            e.addCylinders(cylinder(pose, c.radius(), c.length(), 1, color));
        } else if (g instanceof Geometry.Cone c) {
            e.addCylinders(cylinder(pose, c.radius(), c.length(), 0, color));
        } else if (g instanceof Geometry.Capsule c) {
            e.addCylinders(cylinder(pose, c.radius(), c.length(), 1, color));
            double d = 2 * c.radius();
            e.addSpheres(sphere(pose.compose(Pose.translation(0, 0, c.length() / 2)), d, d, d, color));
            e.addSpheres(sphere(pose.compose(Pose.translation(0, 0, -c.length() / 2)), d, d, d, color));
        } else if (g instanceof Geometry.Plane p) {
            Pose turned = pose.compose(new Pose(Vec3.ZERO, fromZ(p.normal())));
            e.addCubes(cube(turned, p.sizeX(), p.sizeY(), PLANE_THICKNESS, color));
        } else if (g instanceof Geometry.Mesh m) {
            e.addTriangles(
                    triangles(pose, DRAWN.computeIfAbsent(m.triangles(), t -> t.decimated(MAX_TRIANGLES)), color));
        } else if (g instanceof Geometry.Polyline p) {
            e.addTriangles(triangles(pose, p.solid().triangles(), color));
        }
        // heightmaps and unsupported shapes are not drawn (docs/foxglove.md)
    }

    private static CubePrimitive cube(Pose pose, double x, double y, double z, Color color) {
        return CubePrimitive.newBuilder()
                .setPose(pose(pose))
                .setSize(vector(x, y, z))
                .setColor(color)
                .build();
    }

    private static SpherePrimitive sphere(Pose pose, double x, double y, double z, Color color) {
        return SpherePrimitive.newBuilder()
                .setPose(pose(pose))
                .setSize(vector(x, y, z))
                .setColor(color)
                .build();
    }

    /** A cylinder along z, as SDF's; {@code topScale} 0 makes a cone. */
    private static CylinderPrimitive cylinder(Pose pose, double radius, double length, double topScale, Color color) {
        return CylinderPrimitive.newBuilder()
                .setPose(pose(pose))
                .setSize(vector(2 * radius, 2 * radius, length))
                .setBottomScale(1)
                .setTopScale(topScale)
                .setColor(color)
                .build();
    }

    private static TriangleListPrimitive triangles(Pose pose, TriangleMesh mesh, Color color) {
        TriangleListPrimitive.Builder t =
                TriangleListPrimitive.newBuilder().setPose(pose(pose)).setColor(color);
        float[] p = mesh.positions();
        for (int i = 0; i < p.length; i += 3) {
            t.addPoints(Point3.newBuilder().setX(p[i]).setY(p[i + 1]).setZ(p[i + 2]));
        }
        for (int index : mesh.indices()) {
            t.addIndices(index);
        }
        return t.build();
    }

    /**
     * The transforms in gz sim's {@code pose/info}: each model's pose in the world, then its links' relative to it.
     * A pose is a model's when its id is the model's entity id ({@link EntityIds}); the links after it are its own.
     */
    public static FrameTransforms transforms(Pose_V poses, long timeNanos) {
        FrameTransforms.Builder out = FrameTransforms.newBuilder();
        Timestamp stamp = timestamp(timeNanos);
        String model = null;
        for (PoseProtos.Pose p : poses.getPoseList()) {
            boolean isModel = p.getId() == EntityIds.id(p.getName());
            String parent = isModel ? ROOT : model;
            if (parent == null) {
                continue; // a link before any model: not as pose/info is built
            }
            String child = isModel ? p.getName() : model + "::" + p.getName();
            if (isModel) {
                model = p.getName();
            }
            out.addTransforms(FrameTransform.newBuilder()
                    .setTimestamp(stamp)
                    .setParentFrameId(parent)
                    .setChildFrameId(child)
                    .setTranslation(vector(
                            p.getPosition().getX(),
                            p.getPosition().getY(),
                            p.getPosition().getZ()))
                    .setRotation(Quaternion.newBuilder()
                            .setX(p.getOrientation().getX())
                            .setY(p.getOrientation().getY())
                            .setZ(p.getOrientation().getZ())
                            .setW(p.getOrientation().getW())));
        }
        return out.build();
    }

    public static Timestamp timestamp(long nanos) {
        return Timestamp.newBuilder()
                .setSeconds(Math.floorDiv(nanos, 1_000_000_000L))
                .setNanos((int) Math.floorMod(nanos, 1_000_000_000L))
                .build();
    }

    private static dev.foxglove.schemas.Pose pose(Pose p) {
        Quat q = p.rotation();
        return dev.foxglove.schemas.Pose.newBuilder()
                .setPosition(vector(p.x(), p.y(), p.z()))
                .setOrientation(Quaternion.newBuilder()
                        .setX(q.x())
                        .setY(q.y())
                        .setZ(q.z())
                        .setW(q.w()))
                .build();
    }

    private static Vector3 vector(double x, double y, double z) {
        return Vector3.newBuilder().setX(x).setY(y).setZ(z).build();
    }

    /** The shortest rotation that turns +z onto {@code normal}. */
    static Quat fromZ(Vec3 normal) {
        double len = Math.sqrt(normal.x() * normal.x() + normal.y() * normal.y() + normal.z() * normal.z());
        if (len == 0) {
            return Quat.IDENTITY;
        }
        double nx = normal.x() / len;
        double ny = normal.y() / len;
        double nz = normal.z() / len;
        if (nz < -1 + 1e-12) {
            return new Quat(0, 1, 0, 0); // half a turn about x
        }
        // axis z × n, angle acos(nz): the half-angle form without trigonometry
        Quat q = new Quat(1 + nz, -ny, nx, 0);
        return q.normalized();
    }
}
