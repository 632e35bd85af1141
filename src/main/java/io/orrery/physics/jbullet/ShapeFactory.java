package io.orrery.physics.jbullet;

import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.BvhTriangleMeshShape;
import com.bulletphysics.collision.shapes.CapsuleShapeZ;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.CompoundShape;
import com.bulletphysics.collision.shapes.ConeShapeZ;
import com.bulletphysics.collision.shapes.ConvexHullShape;
import com.bulletphysics.collision.shapes.CylinderShapeZ;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.collision.shapes.TriangleIndexVertexArray;
import com.bulletphysics.util.ObjectArrayList;
import io.orrery.physics.rigid.Heightfield;
import io.orrery.physics.rigid.ShapePlan;
import io.orrery.world.Geometry;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.TriangleMesh;
import java.nio.ByteBuffer;
import java.util.List;
import javax.vecmath.Vector3f;

/** Turns a link's collisions ({@link ShapePlan}) into one JBullet shape in the body's centre-of-mass frame. */
final class ShapeFactory implements ShapePlan.Shapes<CollisionShape> {

    static final ShapeFactory SHAPES = new ShapeFactory();

    private ShapeFactory() {}

    @Override
    public CollisionShape shapeless(float radius) {
        return new SphereShape(radius);
    }

    @Override
    public CollisionShape plane(Geometry.Plane plane, Pose pose) {
        // Bake the offset into the plane equation: n'·x = n'·p.
        Vec3 n = pose.rotation().rotate(plane.normal()).normalized();
        return new StaticPlaneShape(Convert.vector(n), (float) n.dot(pose.position()));
    }

    @Override
    public CollisionShape compound(List<ShapePlan.Child<CollisionShape>> children) {
        CompoundShape compound = new CompoundShape();
        for (ShapePlan.Child<CollisionShape> child : children) {
            CollisionShape shape = child.plane() != null
                    ? new StaticPlaneShape(Convert.vector(child.plane().normal().normalized()), 0)
                    : child.shape();
            compound.addChildShape(Convert.transform(child.pose()), shape);
        }
        return compound;
    }

    @Override
    public CollisionShape box(Vec3 halfExtents, float margin) {
        BoxShape shape = new BoxShape(Convert.vector(halfExtents));
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape sphere(double radius) {
        return new SphereShape((float) radius);
    }

    @Override
    public CollisionShape cylinder(double radius, double halfLength, float margin) {
        CylinderShapeZ shape = new CylinderShapeZ(new Vector3f((float) radius, (float) radius, (float) halfLength));
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape capsule(double radius, double length) {
        return new CapsuleShapeZ((float) radius, (float) length);
    }

    @Override
    public CollisionShape cone(double radius, double length, float margin) {
        ConeShapeZ shape = new ConeShapeZ((float) radius, (float) length);
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape hull(List<Vec3> points, float margin) {
        ObjectArrayList<Vector3f> vectors = new ObjectArrayList<>();
        for (Vec3 p : points) {
            vectors.add(Convert.vector(p));
        }
        ConvexHullShape hull = new ConvexHullShape(vectors);
        hull.setMargin(margin);
        return hull;
    }

    /** A bounding-volume tree over the triangles (quantized), as Bullet builds for a static mesh. */
    @Override
    public CollisionShape triangles(TriangleMesh mesh, float margin) {
        float[] positions = mesh.positions();
        int[] indices = mesh.indices();
        ByteBuffer vertexBuffer = ByteBuffer.allocate(positions.length * 4);
        for (float p : positions) {
            vertexBuffer.putFloat(p);
        }
        ByteBuffer indexBuffer = ByteBuffer.allocate(indices.length * 4);
        for (int i : indices) {
            indexBuffer.putInt(i);
        }
        vertexBuffer.flip();
        indexBuffer.flip();
        TriangleIndexVertexArray array = new TriangleIndexVertexArray(
                mesh.triangleCount(), indexBuffer, 12, mesh.vertexCount(), vertexBuffer, 12);
        BvhTriangleMeshShape shape = new BvhTriangleMeshShape(array, true);
        shape.setMargin(margin);
        return shape;
    }

    @Override
    public CollisionShape heightfield(Heightfield field, float margin) {
        return new HeightfieldShape(field, margin);
    }
}
