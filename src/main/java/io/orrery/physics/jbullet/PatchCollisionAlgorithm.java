package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.CollisionAlgorithm;
import com.bulletphysics.collision.broadphase.CollisionAlgorithmConstructionInfo;
import com.bulletphysics.collision.broadphase.DispatcherInfo;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.ManifoldResult;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.util.ObjectArrayList;

/**
 * What Orrery's contact-patch algorithms share: the persistent manifold JBullet hands them or they take on first
 * use (and give back when destroyed), and the patch written into it each step. No continuous collision
 * detection, as for JBullet's convex-plane algorithm.
 */
abstract class PatchCollisionAlgorithm extends CollisionAlgorithm {

    /** The contacts found this step, written into the manifold. */
    final ContactPatch patch = new ContactPatch();

    private PersistentManifold manifold;
    private boolean ownManifold;

    @Override
    public void init(CollisionAlgorithmConstructionInfo ci) {
        super.init(ci);
        manifold = ci.manifold;
        ownManifold = false;
    }

    /** The manifold of this pair, taken from the dispatcher with {@code first} as its body 0 if there is none yet. */
    final PersistentManifold manifold(CollisionObject first, CollisionObject second) {
        if (manifold == null) {
            manifold = dispatcher.getNewManifold(first, second);
            ownManifold = true;
        }
        return manifold;
    }

    @Override
    public void destroy() {
        if (ownManifold && manifold != null) {
            dispatcher.releaseManifold(manifold);
        }
        manifold = null;
        ownManifold = false;
    }

    @Override
    public float calculateTimeOfImpact(
            CollisionObject body0, CollisionObject body1, DispatcherInfo dispatchInfo, ManifoldResult resultOut) {
        return 1f;
    }

    @Override
    public void getAllContactManifolds(ObjectArrayList<PersistentManifold> manifoldArray) {
        if (manifold != null && ownManifold) {
            manifoldArray.add(manifold);
        }
    }
}
