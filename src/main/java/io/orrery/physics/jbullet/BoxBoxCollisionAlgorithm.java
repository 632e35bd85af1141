package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.CollisionAlgorithm;
import com.bulletphysics.collision.broadphase.CollisionAlgorithmConstructionInfo;
import com.bulletphysics.collision.broadphase.DispatcherInfo;
import com.bulletphysics.collision.dispatch.CollisionAlgorithmCreateFunc;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.ManifoldResult;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.linearmath.Transform;
import java.util.ArrayDeque;
import javax.vecmath.Vector3f;

/**
 * Box-box contacts as a whole patch per step, where JBullet's GJK adds one point per step and stacks never settle.
 *
 * <p>A separating-axis test over the 15 candidate axes (three face normals of each box and the nine cross
 * products of their edges) finds the axis of least penetration, preferring face axes when an edge axis is only
 * marginally better. For a face axis, the face of the other box that looks most against the reference face is
 * clipped to the reference face's rectangle (Sutherland-Hodgman); clipped corners below the reference face are
 * contacts, cut down to four (the deepest, then the widest spread). For an edge axis the one contact joins the
 * closest points of the two edges. Boxes are taken with their full half extents ({@link
 * BoxShape#getHalfExtentsWithMargin}), which is the size Orrery gave them.
 *
 * <p>Written for Orrery from the textbook method (Gottschalk's separating axes, Sutherland-Hodgman clipping);
 * Bullet's btBoxBoxDetector and ODE's dBoxBox were read to learn the approach, no code was taken from them.
 */
final class BoxBoxCollisionAlgorithm extends PatchCollisionAlgorithm {

    /** A face axis is kept unless the other candidate is better by this factor and margin (metres). */
    private static final float RELATIVE_TOLERANCE = 0.98f;

    private static final float ABSOLUTE_TOLERANCE = 0.0005f;
    /** Edge pairs closer to parallel than this (sine of the angle) give no axis: a face axis covers them. */
    private static final float PARALLEL_EDGES = 1e-3f;

    // Scratch, reused every step. Axis i of a box is (axes[3i], axes[3i+1], axes[3i+2]) in the world frame.
    private final Transform transform = new Transform();
    private final Vector3f vector = new Vector3f();
    private final float[] axesA = new float[9];
    private final float[] axesB = new float[9];
    private final float[] halfA = new float[3];
    private final float[] halfB = new float[3];
    private final float[] centreA = new float[3];
    private final float[] centreB = new float[3];
    private final float[][] polyX = new float[2][ContactPatch.CAPACITY];
    private final float[][] polyY = new float[2][ContactPatch.CAPACITY];
    private final float[][] polyZ = new float[2][ContactPatch.CAPACITY];

    @Override
    public void processCollision(
            CollisionObject body0, CollisionObject body1, DispatcherInfo dispatchInfo, ManifoldResult resultOut) {
        PersistentManifold manifold = manifold(body0, body1);
        // The manifold's order decides the convention (normal from its body 1 to its body 0), whatever order we
        // were called in.
        load((CollisionObject) manifold.getBody0(), axesA, halfA, centreA);
        load((CollisionObject) manifold.getBody1(), axesB, halfB, centreB);
        patch.clear();
        findContacts(manifold.getContactBreakingThreshold());
        patch.writeTo(manifold, resultOut);
    }

    private void load(CollisionObject body, float[] axes, float[] half, float[] centre) {
        body.getWorldTransform(transform);
        for (int i = 0; i < 3; i++) {
            for (int k = 0; k < 3; k++) {
                axes[3 * i + k] = transform.basis.getElement(k, i);
            }
        }
        centre[0] = transform.origin.x;
        centre[1] = transform.origin.y;
        centre[2] = transform.origin.z;
        ((BoxShape) body.getCollisionShape()).getHalfExtentsWithMargin(vector);
        half[0] = vector.x;
        half[1] = vector.y;
        half[2] = vector.z;
    }

    /** Fills the patch with the contacts of A and B closer than {@code threshold}; none when separated. */
    private void findContacts(float threshold) {
        float dx = centreA[0] - centreB[0];
        float dy = centreA[1] - centreB[1];
        float dz = centreA[2] - centreB[2];

        float bestA = Float.NEGATIVE_INFINITY;
        int faceA = -1;
        for (int i = 0; i < 3; i++) {
            float lx = axesA[3 * i];
            float ly = axesA[3 * i + 1];
            float lz = axesA[3 * i + 2];
            float s = Math.abs(dx * lx + dy * ly + dz * lz) - halfA[i] - radius(axesB, halfB, lx, ly, lz);
            if (s > threshold) {
                return;
            }
            if (s > bestA) {
                bestA = s;
                faceA = i;
            }
        }
        float bestB = Float.NEGATIVE_INFINITY;
        int faceB = -1;
        for (int j = 0; j < 3; j++) {
            float lx = axesB[3 * j];
            float ly = axesB[3 * j + 1];
            float lz = axesB[3 * j + 2];
            float s = Math.abs(dx * lx + dy * ly + dz * lz) - radius(axesA, halfA, lx, ly, lz) - halfB[j];
            if (s > threshold) {
                return;
            }
            if (s > bestB) {
                bestB = s;
                faceB = j;
            }
        }
        float bestEdge = Float.NEGATIVE_INFINITY;
        int edgeA = -1;
        int edgeB = -1;
        float ex = 0;
        float ey = 0;
        float ez = 0;
        for (int i = 0; i < 3; i++) {
            float ax = axesA[3 * i];
            float ay = axesA[3 * i + 1];
            float az = axesA[3 * i + 2];
            for (int j = 0; j < 3; j++) {
                float bx = axesB[3 * j];
                float by = axesB[3 * j + 1];
                float bz = axesB[3 * j + 2];
                float lx = ay * bz - az * by;
                float ly = az * bx - ax * bz;
                float lz = ax * by - ay * bx;
                float length = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
                if (length < PARALLEL_EDGES) {
                    continue;
                }
                lx /= length;
                ly /= length;
                lz /= length;
                float s = Math.abs(dx * lx + dy * ly + dz * lz)
                        - radius(axesA, halfA, lx, ly, lz)
                        - radius(axesB, halfB, lx, ly, lz);
                if (s > threshold) {
                    return;
                }
                if (s > bestEdge) {
                    bestEdge = s;
                    edgeA = i;
                    edgeB = j;
                    ex = lx;
                    ey = ly;
                    ez = lz;
                }
            }
        }

        boolean referenceIsB = bestB > RELATIVE_TOLERANCE * bestA + ABSOLUTE_TOLERANCE;
        float bestFace = referenceIsB ? bestB : bestA;
        if (edgeA >= 0 && bestEdge > RELATIVE_TOLERANCE * bestFace + ABSOLUTE_TOLERANCE) {
            // Orient the axis from B to A.
            float sign = dx * ex + dy * ey + dz * ez >= 0 ? 1 : -1;
            edgeContact(edgeA, edgeB, sign * ex, sign * ey, sign * ez, threshold);
        } else if (referenceIsB) {
            faceContact(axesB, halfB, centreB, faceB, axesA, halfA, centreA, true, threshold);
        } else {
            faceContact(axesA, halfA, centreA, faceA, axesB, halfB, centreB, false, threshold);
        }
    }

    /** The half-length of a box's projection on a unit axis. */
    private static float radius(float[] axes, float[] half, float lx, float ly, float lz) {
        return half[0] * Math.abs(axes[0] * lx + axes[1] * ly + axes[2] * lz)
                + half[1] * Math.abs(axes[3] * lx + axes[4] * ly + axes[5] * lz)
                + half[2] * Math.abs(axes[6] * lx + axes[7] * ly + axes[8] * lz);
    }

    /**
     * Clips the incident box's face that looks most against the reference face to that face's rectangle, and adds
     * the clipped corners that are below it.
     */
    private void faceContact(
            float[] refAxes,
            float[] refHalf,
            float[] refCentre,
            int refAxis,
            float[] incAxes,
            float[] incHalf,
            float[] incCentre,
            boolean referenceIsB,
            float threshold) {
        int r = 3 * refAxis;
        // The reference face's outward normal, pointing at the incident box.
        float toIncident = (incCentre[0] - refCentre[0]) * refAxes[r]
                + (incCentre[1] - refCentre[1]) * refAxes[r + 1]
                + (incCentre[2] - refCentre[2]) * refAxes[r + 2];
        float sign = toIncident >= 0 ? 1 : -1;
        float nx = sign * refAxes[r];
        float ny = sign * refAxes[r + 1];
        float nz = sign * refAxes[r + 2];

        // The incident face: the face of the other box whose normal is most opposite the reference normal.
        int inc = 0;
        float incDot = 0;
        for (int i = 0; i < 3; i++) {
            float dot = incAxes[3 * i] * nx + incAxes[3 * i + 1] * ny + incAxes[3 * i + 2] * nz;
            if (Math.abs(dot) > Math.abs(incDot)) {
                incDot = dot;
                inc = i;
            }
        }
        float incSign = incDot > 0 ? -1 : 1;
        // Work relative to the reference face's centre.
        float rcx = refCentre[0] + refHalf[refAxis] * nx;
        float rcy = refCentre[1] + refHalf[refAxis] * ny;
        float rcz = refCentre[2] + refHalf[refAxis] * nz;
        float cx = incCentre[0] + incSign * incHalf[inc] * incAxes[3 * inc] - rcx;
        float cy = incCentre[1] + incSign * incHalf[inc] * incAxes[3 * inc + 1] - rcy;
        float cz = incCentre[2] + incSign * incHalf[inc] * incAxes[3 * inc + 2] - rcz;
        int u = 3 * ((inc + 1) % 3);
        int v = 3 * ((inc + 2) % 3);
        float hu = incHalf[(inc + 1) % 3];
        float hv = incHalf[(inc + 2) % 3];
        float ux = hu * incAxes[u];
        float uy = hu * incAxes[u + 1];
        float uz = hu * incAxes[u + 2];
        float vx = hv * incAxes[v];
        float vy = hv * incAxes[v + 1];
        float vz = hv * incAxes[v + 2];
        float[] x = polyX[0];
        float[] y = polyY[0];
        float[] z = polyZ[0];
        x[0] = cx + ux + vx;
        y[0] = cy + uy + vy;
        z[0] = cz + uz + vz;
        x[1] = cx - ux + vx;
        y[1] = cy - uy + vy;
        z[1] = cz - uz + vz;
        x[2] = cx - ux - vx;
        y[2] = cy - uy - vy;
        z[2] = cz - uz - vz;
        x[3] = cx + ux - vx;
        y[3] = cy + uy - vy;
        z[3] = cz + uz - vz;

        int count = 4;
        int current = 0;
        for (int side = 1; side <= 2 && count > 0; side++) {
            int a = (refAxis + side) % 3;
            float sx = refAxes[3 * a];
            float sy = refAxes[3 * a + 1];
            float sz = refAxes[3 * a + 2];
            count = clip(current, count, sx, sy, sz, refHalf[a]);
            current = 1 - current;
            count = clip(current, count, -sx, -sy, -sz, refHalf[a]);
            current = 1 - current;
        }

        if (referenceIsB) {
            patch.normal.set(nx, ny, nz);
        } else {
            patch.normal.set(-nx, -ny, -nz);
        }
        x = polyX[current];
        y = polyY[current];
        z = polyZ[current];
        for (int i = 0; i < count; i++) {
            float depth = x[i] * nx + y[i] * ny + z[i] * nz;
            if (depth > threshold) {
                continue;
            }
            if (referenceIsB) {
                // The point on B is the incident corner pressed onto the reference face.
                patch.add(rcx + x[i] - depth * nx, rcy + y[i] - depth * ny, rcz + z[i] - depth * nz, depth);
            } else {
                // B is the incident box: its corner is the point on B.
                patch.add(rcx + x[i], rcy + y[i], rcz + z[i], depth);
            }
        }
        patch.keepSpread();
    }

    /**
     * One Sutherland-Hodgman pass: keeps the part of polygon {@code from} where {@code p·s <= h}, written to the
     * other buffer; returns its corner count.
     */
    private int clip(int from, int count, float sx, float sy, float sz, float h) {
        float[] inX = polyX[from];
        float[] inY = polyY[from];
        float[] inZ = polyZ[from];
        float[] outX = polyX[1 - from];
        float[] outY = polyY[1 - from];
        float[] outZ = polyZ[1 - from];
        int out = 0;
        for (int i = 0; i < count; i++) {
            int j = i + 1 == count ? 0 : i + 1;
            float di = inX[i] * sx + inY[i] * sy + inZ[i] * sz - h;
            float dj = inX[j] * sx + inY[j] * sy + inZ[j] * sz - h;
            if (di <= 0 && out < ContactPatch.CAPACITY) {
                outX[out] = inX[i];
                outY[out] = inY[i];
                outZ[out] = inZ[i];
                out++;
            }
            if ((di <= 0) != (dj <= 0) && out < ContactPatch.CAPACITY) {
                float t = di / (di - dj);
                outX[out] = inX[i] + t * (inX[j] - inX[i]);
                outY[out] = inY[i] + t * (inY[j] - inY[i]);
                outZ[out] = inZ[i] + t * (inZ[j] - inZ[i]);
                out++;
            }
        }
        return out;
    }

    /** One contact between edge {@code i} of A and edge {@code j} of B, along the axis n (from B to A). */
    private void edgeContact(int i, int j, float nx, float ny, float nz, float threshold) {
        // The edge of A nearest B: in each other axis, the side facing -n; the edge of B nearest A: facing n.
        float ax = centreA[0];
        float ay = centreA[1];
        float az = centreA[2];
        float bx = centreB[0];
        float by = centreB[1];
        float bz = centreB[2];
        for (int k = 0; k < 3; k++) {
            if (k != i) {
                float s = axesA[3 * k] * nx + axesA[3 * k + 1] * ny + axesA[3 * k + 2] * nz >= 0 ? -halfA[k] : halfA[k];
                ax += s * axesA[3 * k];
                ay += s * axesA[3 * k + 1];
                az += s * axesA[3 * k + 2];
            }
            if (k != j) {
                float s = axesB[3 * k] * nx + axesB[3 * k + 1] * ny + axesB[3 * k + 2] * nz >= 0 ? halfB[k] : -halfB[k];
                bx += s * axesB[3 * k];
                by += s * axesB[3 * k + 1];
                bz += s * axesB[3 * k + 2];
            }
        }
        float uax = axesA[3 * i];
        float uay = axesA[3 * i + 1];
        float uaz = axesA[3 * i + 2];
        float ubx = axesB[3 * j];
        float uby = axesB[3 * j + 1];
        float ubz = axesB[3 * j + 2];
        // Closest points of the lines a + s·ua and b + t·ub, then clamped to the edges' lengths.
        float wx = ax - bx;
        float wy = ay - by;
        float wz = az - bz;
        float cos = uax * ubx + uay * uby + uaz * ubz;
        float wa = uax * wx + uay * wy + uaz * wz;
        float wb = ubx * wx + uby * wy + ubz * wz;
        float denominator = 1 - cos * cos;
        float s = denominator > 1e-6f ? (cos * wb - wa) / denominator : 0;
        s = clamp(s, halfA[i]);
        float t = clamp(wb + s * cos, halfB[j]);
        s = clamp(t * cos - wa, halfA[i]);
        float pax = ax + s * uax;
        float pay = ay + s * uay;
        float paz = az + s * uaz;
        float pbx = bx + t * ubx;
        float pby = by + t * uby;
        float pbz = bz + t * ubz;
        float depth = (pax - pbx) * nx + (pay - pby) * ny + (paz - pbz) * nz;
        if (depth <= threshold) {
            patch.normal.set(nx, ny, nz);
            patch.add(pbx, pby, pbz, depth);
        }
    }

    private static float clamp(float value, float limit) {
        return Math.max(-limit, Math.min(limit, value));
    }

    /** Creates the algorithm for two plain boxes; other pairs of box-typed shapes (compound children) fall back. */
    static final class CreateFunc extends CollisionAlgorithmCreateFunc {

        private final CollisionAlgorithmCreateFunc fallback;
        private final ArrayDeque<BoxBoxCollisionAlgorithm> pool = new ArrayDeque<>();

        /** @param fallback the configuration's own algorithm for two convex shapes */
        CreateFunc(CollisionAlgorithmCreateFunc fallback) {
            this.fallback = fallback;
        }

        @Override
        public CollisionAlgorithm createCollisionAlgorithm(
                CollisionAlgorithmConstructionInfo ci, CollisionObject body0, CollisionObject body1) {
            // The root shape tells a body that is a box from a box child of a compound shape.
            if (!(body0.getRootCollisionShape() instanceof BoxShape)
                    || !(body1.getRootCollisionShape() instanceof BoxShape)) {
                return fallback.createCollisionAlgorithm(ci, body0, body1);
            }
            BoxBoxCollisionAlgorithm algorithm = pool.isEmpty() ? new BoxBoxCollisionAlgorithm() : pool.pop();
            algorithm.init(ci);
            return algorithm;
        }

        @Override
        public void releaseCollisionAlgorithm(CollisionAlgorithm algorithm) {
            if (algorithm instanceof BoxBoxCollisionAlgorithm own) {
                pool.push(own);
            } else {
                fallback.releaseCollisionAlgorithm(algorithm);
            }
        }
    }
}
