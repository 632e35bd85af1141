package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.BroadphaseNativeType;
import com.bulletphysics.collision.shapes.ConcaveShape;
import com.bulletphysics.collision.shapes.TriangleCallback;
import com.bulletphysics.linearmath.AabbUtil2;
import com.bulletphysics.linearmath.Transform;
import io.orrery.physics.rigid.Heightfield;
import javax.vecmath.Vector3f;

/**
 * A static heightfield for JBullet, which has none (native Bullet's btHeightfieldTerrainShape has no JBullet port): a
 * concave shape over a grid of heights that hands JBullet's convex-concave algorithm and ray test only the grid
 * cells under the box they ask about, two triangles a cell split along the same diagonal as Bullet's (from the cell's
 * lowest corner to its highest). No triangle mesh or bounding-volume tree is built: memory is one float a grid point.
 */
final class HeightfieldShape extends ConcaveShape {

    private final int side;
    private final float[] heights;
    private final float x0;
    private final float y0;
    private final float dx;
    private final float dy;
    private final float minZ;
    private final float maxZ;
    private final Vector3f scaling = new Vector3f(1, 1, 1);

    HeightfieldShape(Heightfield field, float margin) {
        side = field.side();
        heights = field.heights();
        float min = Float.MAX_VALUE;
        float max = -Float.MAX_VALUE;
        for (float h : heights) {
            min = Math.min(min, h);
            max = Math.max(max, h);
        }
        minZ = min;
        maxZ = max;
        dx = (float) field.dx();
        dy = (float) field.dy();
        x0 = -dx * (side - 1) / 2;
        y0 = -dy * (side - 1) / 2;
        collisionMargin = margin;
    }

    @Override
    public void processAllTriangles(TriangleCallback callback, Vector3f aabbMin, Vector3f aabbMax) {
        if (aabbMax.z < minZ - collisionMargin || aabbMin.z > maxZ + collisionMargin) {
            return;
        }
        int i0 = Math.max(0, (int) Math.floor((aabbMin.x - x0) / dx));
        int i1 = Math.min(side - 2, (int) Math.floor((aabbMax.x - x0) / dx));
        int j0 = Math.max(0, (int) Math.floor((aabbMin.y - y0) / dy));
        int j1 = Math.min(side - 2, (int) Math.floor((aabbMax.y - y0) / dy));
        Vector3f[] triangle = {new Vector3f(), new Vector3f(), new Vector3f()};
        for (int j = j0; j <= j1; j++) {
            for (int i = i0; i <= i1; i++) {
                int cell = j * (side - 1) + i;
                vertex(i, j, triangle[0]);
                vertex(i, j + 1, triangle[1]);
                vertex(i + 1, j + 1, triangle[2]);
                callback.processTriangle(triangle, 0, 2 * cell);
                vertex(i, j, triangle[0]);
                vertex(i + 1, j + 1, triangle[1]);
                vertex(i + 1, j, triangle[2]);
                callback.processTriangle(triangle, 0, 2 * cell + 1);
            }
        }
    }

    private void vertex(int i, int j, Vector3f out) {
        out.set(x0 + i * dx, y0 + j * dy, heights[j * side + i]);
    }

    @Override
    public void getAabb(Transform t, Vector3f aabbMin, Vector3f aabbMax) {
        Vector3f halfExtents = new Vector3f(dx * (side - 1) / 2, dy * (side - 1) / 2, (maxZ - minZ) / 2);
        Vector3f centre = new Vector3f(x0 + halfExtents.x, y0 + halfExtents.y, (minZ + maxZ) / 2);
        Transform local = new Transform(t);
        Vector3f moved = new Vector3f(centre);
        t.basis.transform(moved);
        local.origin.add(moved);
        AabbUtil2.transformAabb(halfExtents, getMargin(), local, aabbMin, aabbMax);
    }

    @Override
    public BroadphaseNativeType getShapeType() {
        return BroadphaseNativeType.TERRAIN_SHAPE_PROXYTYPE;
    }

    /** Scaling is not supported: the grid is built to size. */
    @Override
    public void setLocalScaling(Vector3f scaling) {
        if (scaling.x != 1 || scaling.y != 1 || scaling.z != 1) {
            throw new UnsupportedOperationException("a heightfield is built to size and is not scaled");
        }
    }

    @Override
    public Vector3f getLocalScaling(Vector3f out) {
        out.set(scaling);
        return out;
    }

    /** Static only: no inertia. */
    @Override
    public void calculateLocalInertia(float mass, Vector3f inertia) {
        inertia.set(0, 0, 0);
    }

    @Override
    public String getName() {
        return "Heightfield";
    }
}
