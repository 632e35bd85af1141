package io.orrery.physics.jbullet;

import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.ManifoldResult;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.linearmath.Transform;
import javax.vecmath.Vector3f;

/**
 * The contacts one step finds between two bodies, all with one normal: candidates are gathered, cut down to the
 * manifold's four, and then replace the manifold's points.
 *
 * <p>In JBullet's manifold convention the normal points from the manifold's second body (B) to its first (A), each
 * point lies on B's surface, and the depth is the signed distance along the normal (negative when overlapping).
 *
 * <p>Old points that the new patch no longer has are dropped before the new ones go in; a new point that lands
 * within the contact-breaking threshold of an old one replaces it and keeps its accumulated impulses, so the
 * solver's warm start survives from step to step. Instances are reused: nothing is allocated per step here.
 */
final class ContactPatch {

    /** A quadrilateral clipped by a rectangle has at most eight corners. */
    static final int CAPACITY = 8;

    final Vector3f normal = new Vector3f();
    private final float[] x = new float[CAPACITY];
    private final float[] y = new float[CAPACITY];
    private final float[] z = new float[CAPACITY];
    private final float[] depth = new float[CAPACITY];
    private int count;

    private final Vector3f point = new Vector3f();
    private final Vector3f oldOnA = new Vector3f();
    private final Transform transformA = new Transform();

    void clear() {
        count = 0;
    }

    /** Adds a candidate: a point on B's surface (world frame) and its signed distance; extra ones are ignored. */
    void add(float px, float py, float pz, float d) {
        if (count < CAPACITY) {
            x[count] = px;
            y[count] = py;
            z[count] = pz;
            depth[count] = d;
            count++;
        }
    }

    /** Keeps the {@code max} deepest candidates. */
    void keepDeepest(int max) {
        // Selection sort of the first max slots: n <= 8.
        for (int i = 0; i < Math.min(max, count); i++) {
            int deepest = i;
            for (int j = i + 1; j < count; j++) {
                if (depth[j] < depth[deepest]) {
                    deepest = j;
                }
            }
            swap(i, deepest);
        }
        count = Math.min(max, count);
    }

    /**
     * Keeps at most four candidates that hold the patch up: the deepest, the one farthest from it, the one that
     * makes the largest triangle with those two, and the one that adds most area outside that triangle.
     * Areas are measured in the contact plane, so the choice does not depend on the depths.
     */
    void keepSpread() {
        if (count <= 4) {
            return;
        }
        int deepest = 0;
        for (int i = 1; i < count; i++) {
            if (depth[i] < depth[deepest]) {
                deepest = i;
            }
        }
        swap(0, deepest);
        int far = 1;
        float farDist = -1;
        for (int i = 1; i < count; i++) {
            float d = distanceSquared(0, i);
            if (d > farDist) {
                farDist = d;
                far = i;
            }
        }
        swap(1, far);
        int third = 2;
        float thirdArea = -1;
        for (int i = 2; i < count; i++) {
            float a = Math.abs(area(0, 1, i));
            if (a > thirdArea) {
                thirdArea = a;
                third = i;
            }
        }
        swap(2, third);
        float sign = area(0, 1, 2) >= 0 ? 1 : -1;
        int fourth = -1;
        float fourthArea = 0;
        for (int i = 3; i < count; i++) {
            // A point outside the triangle lies beyond one of its edges: the area it adds is that edge's triangle.
            float outside = Math.max(-sign * area(0, 1, i), Math.max(-sign * area(1, 2, i), -sign * area(2, 0, i)));
            if (outside > fourthArea) {
                fourthArea = outside;
                fourth = i;
            }
        }
        if (fourth < 0) {
            count = 3;
        } else {
            swap(3, fourth);
            count = 4;
        }
    }

    /**
     * Makes the manifold hold exactly this patch (at most four points): drops the old points no new point is near,
     * adds the new ones through {@code result} (which matches them to the kept old points) and refreshes.
     */
    void writeTo(PersistentManifold manifold, ManifoldResult result) {
        result.setPersistentManifold(manifold);
        float threshold = manifold.getContactBreakingThreshold();
        float threshold2 = threshold * threshold;
        ((CollisionObject) manifold.getBody0()).getWorldTransform(transformA);
        for (int i = manifold.getNumContacts() - 1; i >= 0; i--) {
            ManifoldPoint old = manifold.getContactPoint(i);
            oldOnA.set(old.localPointA);
            transformA.transform(oldOnA);
            boolean kept = false;
            for (int j = 0; j < count && !kept; j++) {
                // The new point on A: on B, moved by the depth along the normal.
                float dx = x[j] + depth[j] * normal.x - oldOnA.x;
                float dy = y[j] + depth[j] * normal.y - oldOnA.y;
                float dz = z[j] + depth[j] * normal.z - oldOnA.z;
                kept = dx * dx + dy * dy + dz * dz < threshold2;
            }
            if (!kept) {
                manifold.removeContactPoint(i);
            }
        }
        for (int j = 0; j < count; j++) {
            point.set(x[j], y[j], z[j]);
            result.addContactPoint(normal, point, depth[j]);
        }
        if (manifold.getNumContacts() > 0) {
            result.refreshContactPoints();
        }
    }

    private float distanceSquared(int i, int j) {
        float dx = x[j] - x[i];
        float dy = y[j] - y[i];
        float dz = z[j] - z[i];
        return dx * dx + dy * dy + dz * dz;
    }

    /** Twice the signed area of triangle (i, j, k) seen along the normal. */
    private float area(int i, int j, int k) {
        float ux = x[j] - x[i];
        float uy = y[j] - y[i];
        float uz = z[j] - z[i];
        float vx = x[k] - x[i];
        float vy = y[k] - y[i];
        float vz = z[k] - z[i];
        return (uy * vz - uz * vy) * normal.x + (uz * vx - ux * vz) * normal.y + (ux * vy - uy * vx) * normal.z;
    }

    private void swap(int i, int j) {
        if (i == j) {
            return;
        }
        float t = x[i];
        x[i] = x[j];
        x[j] = t;
        t = y[i];
        y[i] = y[j];
        y[j] = t;
        t = z[i];
        z[i] = z[j];
        z[j] = t;
        t = depth[i];
        depth[i] = depth[j];
        depth[j] = t;
    }
}
