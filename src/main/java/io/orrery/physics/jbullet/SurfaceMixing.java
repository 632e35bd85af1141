package io.orrery.physics.jbullet;

import com.bulletphysics.BulletGlobals;
import com.bulletphysics.ContactAddedCallback;
import com.bulletphysics.collision.dispatch.CollisionFlags;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;

/**
 * How two touching surfaces combine, the way Gazebo's worlds expect: friction is the smaller of the two
 * coefficients (JBullet multiplies them, so two surfaces of μ 0.5 would slide like μ 0.25), and restitution the
 * larger, so a bounce set on one surface takes effect on an ordinary floor (JBullet's product would be 0).
 * JBullet has one process-wide contact callback; it applies only to bodies that ask for it with
 * {@link #enable(CollisionObject)}.
 */
final class SurfaceMixing extends ContactAddedCallback {

    private static final SurfaceMixing INSTANCE = new SurfaceMixing();

    private SurfaceMixing() {}

    /** Makes {@code body}'s contacts combine as described; installs the callback on first use. */
    static void enable(CollisionObject body) {
        if (BulletGlobals.getContactAddedCallback() != INSTANCE) {
            BulletGlobals.setContactAddedCallback(INSTANCE);
        }
        body.setCollisionFlags(body.getCollisionFlags() | CollisionFlags.CUSTOM_MATERIAL_CALLBACK);
    }

    @Override
    public boolean contactAdded(
            ManifoldPoint point,
            CollisionObject a,
            int partIdA,
            int indexA,
            CollisionObject b,
            int partIdB,
            int indexB) {
        point.combinedFriction = Math.min(a.getFriction(), b.getFriction());
        point.combinedRestitution = Math.max(a.getRestitution(), b.getRestitution());
        return true;
    }
}
