package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CapsuleCollisionShape;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.collision.shapes.CompoundCollisionShape;
import com.jme3.bullet.collision.shapes.ConeCollisionShape;
import com.jme3.bullet.collision.shapes.CylinderCollisionShape;
import com.jme3.bullet.collision.shapes.HeightfieldCollisionShape;
import com.jme3.bullet.collision.shapes.HullCollisionShape;
import com.jme3.bullet.collision.shapes.MeshCollisionShape;
import com.jme3.bullet.collision.shapes.PlaneCollisionShape;
import com.jme3.bullet.collision.shapes.SphereCollisionShape;
import com.jme3.bullet.collision.shapes.infos.IndexedMesh;
import com.jme3.math.Plane;
import com.jme3.math.Vector3f;
import io.orrery.physics.rigid.Heightfield;
import io.orrery.physics.rigid.ShapePlan;
import io.orrery.world.Geometry;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.TriangleMesh;
import java.util.ArrayList;
import java.util.List;

/** Turns a link's collisions ({@link ShapePlan}) into one Bullet shape in the body's centre-of-mass frame. */
final class ShapeFactory implements ShapePlan.Shapes<CollisionShape> {

    static final ShapeFactory SHAPES = new ShapeFactory();

    private ShapeFactory() {}

    @Override
    public CollisionShape shapeless(float radius) {
        return new SphereCollisionShape(radius);
    }

    @Override
    public CollisionShape plane(Geometry.Plane plane, Pose pose) {
        // The offset baked into the equation: n'·x = n'·p.
        Vec3 n = pose.rotation().rotate(plane.normal().normalized()).normalized();
        return new PlaneCollisionShape(new Plane(Convert.vector(n), (float) n.dot(pose.position())));
    }

    /** A plane cannot be a compound's child: a plane with other shapes on one link is static; the others are kept. */
    @Override
    public CollisionShape compound(List<ShapePlan.Child<CollisionShape>> children) {
        CompoundCollisionShape compound = new CompoundCollisionShape(children.size());
        for (ShapePlan.Child<CollisionShape> child : children) {
            if (child.plane() != null) {
                continue;
            }
            Pose p = child.pose();
            compound.addChildShape(child.shape(), Convert.vector(p.position()), Convert.matrix(p.rotation()));
        }
        return compound;
    }

    @Override
    public boolean compoundKeepsPlanes() {
        return false;
    }

    @Override
    public CollisionShape box(Vec3 halfExtents, float margin) {
        BoxCollisionShape shape = new BoxCollisionShape(Convert.vector(halfExtents));
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape sphere(double radius) {
        return new SphereCollisionShape((float) radius);
    }

    @Override
    public CollisionShape cylinder(double radius, double halfLength, float margin) {
        CylinderCollisionShape shape = new CylinderCollisionShape(
                new Vector3f((float) radius, (float) radius, (float) halfLength), PhysicsSpace.AXIS_Z);
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape capsule(double radius, double length) {
        return new CapsuleCollisionShape((float) radius, (float) length, PhysicsSpace.AXIS_Z);
    }

    @Override
    public CollisionShape cone(double radius, double length, float margin) {
        ConeCollisionShape shape = new ConeCollisionShape((float) radius, (float) length, PhysicsSpace.AXIS_Z);
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape hull(List<Vec3> points, float margin) {
        List<Vector3f> vectors = new ArrayList<>(points.size());
        for (Vec3 p : points) {
            vectors.add(Convert.vector(p));
        }
        HullCollisionShape hull = new HullCollisionShape(vectors);
        hull.setMargin(margin);
        return hull;
    }

    /** Bullet's bounding-volume tree over the triangles (quantized). */
    @Override
    public CollisionShape triangles(TriangleMesh mesh, float margin) {
        float[] p = mesh.positions();
        Vector3f[] vertices = new Vector3f[mesh.vertexCount()];
        for (int v = 0; v < vertices.length; v++) {
            vertices[v] = new Vector3f(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
        }
        MeshCollisionShape shape = new MeshCollisionShape(true, new IndexedMesh(vertices, mesh.indices()));
        shape.setMargin(margin);
        return shape;
    }

    /** Bullet's heightfield (btHeightfieldTerrainShape): rows along y, cells split from their lowest corner. */
    @Override
    public CollisionShape heightfield(Heightfield field, float margin) {
        Vector3f scale = new Vector3f((float) field.dx(), (float) field.dy(), 1);
        HeightfieldCollisionShape shape = new HeightfieldCollisionShape(
                field.side(), field.side(), field.heights(), scale, PhysicsSpace.AXIS_Z, false, false, false, false);
        shape.setMargin(margin);
        return shape;
    }
}
