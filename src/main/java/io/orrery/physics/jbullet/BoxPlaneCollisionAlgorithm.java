package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.CollisionAlgorithm;
import com.bulletphysics.collision.broadphase.CollisionAlgorithmConstructionInfo;
import com.bulletphysics.collision.broadphase.DispatcherInfo;
import com.bulletphysics.collision.dispatch.CollisionAlgorithmCreateFunc;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.ManifoldResult;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.linearmath.Transform;
import java.util.ArrayDeque;
import javax.vecmath.Vector3f;

/**
 * Box-plane contacts: every corner of the box below the plane (or within the contact threshold above it) is a
 * contact, the deepest four kept, so a box lying on the ground gets its whole bottom face every step instead of
 * JBullet's one support point per step.
 *
 * <p>Written for Orrery from first principles; Bullet's and ODE's box-plane code were read only to learn the
 * approach.
 */
final class BoxPlaneCollisionAlgorithm extends PatchCollisionAlgorithm {

    private boolean swapped;

    private final Transform boxTransform = new Transform();
    private final Transform planeTransform = new Transform();
    private final Vector3f half = new Vector3f();
    private final Vector3f normal = new Vector3f();

    void init(CollisionAlgorithmConstructionInfo ci, boolean planeFirst) {
        init(ci);
        swapped = planeFirst;
    }

    @Override
    public void processCollision(
            CollisionObject body0, CollisionObject body1, DispatcherInfo dispatchInfo, ManifoldResult resultOut) {
        CollisionObject box = swapped ? body1 : body0;
        CollisionObject plane = swapped ? body0 : body1;
        // Box first, as JBullet's convex-plane algorithm does: the normal is then the plane's.
        PersistentManifold manifold = manifold(box, plane);
        patch.clear();
        findContacts(box, plane, manifold.getContactBreakingThreshold());
        patch.writeTo(manifold, resultOut);
    }

    private void findContacts(CollisionObject box, CollisionObject plane, float threshold) {
        box.getWorldTransform(boxTransform);
        plane.getWorldTransform(planeTransform);
        StaticPlaneShape planeShape = (StaticPlaneShape) plane.getCollisionShape();
        planeShape.getPlaneNormal(normal);
        planeTransform.basis.transform(normal);
        // The plane holds the points x with n·x = c in its own frame; in the world, n'·x = c + n'·origin.
        float constant = planeShape.getPlaneConstant() + normal.dot(planeTransform.origin);
        ((BoxShape) box.getCollisionShape()).getHalfExtentsWithMargin(half);

        float centre = normal.dot(boxTransform.origin) - constant;
        // How far each half axis of the box reaches along the normal.
        float e0 = half.x
                * (normal.x * boxTransform.basis.m00
                        + normal.y * boxTransform.basis.m10
                        + normal.z * boxTransform.basis.m20);
        float e1 = half.y
                * (normal.x * boxTransform.basis.m01
                        + normal.y * boxTransform.basis.m11
                        + normal.z * boxTransform.basis.m21);
        float e2 = half.z
                * (normal.x * boxTransform.basis.m02
                        + normal.y * boxTransform.basis.m12
                        + normal.z * boxTransform.basis.m22);
        if (centre - Math.abs(e0) - Math.abs(e1) - Math.abs(e2) > threshold) {
            return;
        }
        patch.normal.set(normal);
        for (int corner = 0; corner < 8; corner++) {
            float s0 = (corner & 1) == 0 ? -1 : 1;
            float s1 = (corner & 2) == 0 ? -1 : 1;
            float s2 = (corner & 4) == 0 ? -1 : 1;
            float distance = centre + s0 * e0 + s1 * e1 + s2 * e2;
            if (distance > threshold) {
                continue;
            }
            float lx = s0 * half.x;
            float ly = s1 * half.y;
            float lz = s2 * half.z;
            // The corner in the world, then pressed onto the plane: the point on the plane body.
            float x = boxTransform.origin.x
                    + boxTransform.basis.m00 * lx
                    + boxTransform.basis.m01 * ly
                    + boxTransform.basis.m02 * lz
                    - distance * normal.x;
            float y = boxTransform.origin.y
                    + boxTransform.basis.m10 * lx
                    + boxTransform.basis.m11 * ly
                    + boxTransform.basis.m12 * lz
                    - distance * normal.y;
            float z = boxTransform.origin.z
                    + boxTransform.basis.m20 * lx
                    + boxTransform.basis.m21 * ly
                    + boxTransform.basis.m22 * lz
                    - distance * normal.z;
            patch.add(x, y, z, distance);
        }
        patch.keepDeepest(PersistentManifold.MANIFOLD_CACHE_SIZE);
    }

    /** Creates the algorithm for a plain box and a plain plane; compound shapes fall back. */
    static final class CreateFunc extends CollisionAlgorithmCreateFunc {

        private final CollisionAlgorithmCreateFunc fallback;
        private final ArrayDeque<BoxPlaneCollisionAlgorithm> pool = new ArrayDeque<>();

        /**
         * @param planeFirst true for the (plane, box) pair
         * @param fallback the configuration's own algorithm for the same pair
         */
        CreateFunc(boolean planeFirst, CollisionAlgorithmCreateFunc fallback) {
            this.swapped = planeFirst;
            this.fallback = fallback;
        }

        @Override
        public CollisionAlgorithm createCollisionAlgorithm(
                CollisionAlgorithmConstructionInfo ci, CollisionObject body0, CollisionObject body1) {
            CollisionObject box = swapped ? body1 : body0;
            CollisionObject plane = swapped ? body0 : body1;
            if (!(box.getRootCollisionShape() instanceof BoxShape)
                    || !(plane.getRootCollisionShape() instanceof StaticPlaneShape)) {
                return fallback.createCollisionAlgorithm(ci, body0, body1);
            }
            BoxPlaneCollisionAlgorithm algorithm = pool.isEmpty() ? new BoxPlaneCollisionAlgorithm() : pool.pop();
            algorithm.init(ci, swapped);
            return algorithm;
        }

        @Override
        public void releaseCollisionAlgorithm(CollisionAlgorithm algorithm) {
            if (algorithm instanceof BoxPlaneCollisionAlgorithm own) {
                pool.push(own);
            } else {
                fallback.releaseCollisionAlgorithm(algorithm);
            }
        }
    }
}
