package io.orrery.physics.jbullet;

import com.bulletphysics.BulletGlobals;
import com.bulletphysics.ContactAddedCallback;
import com.bulletphysics.collision.dispatch.CollisionFlags;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;
import io.orrery.physics.rigid.ContactFriction;
import io.orrery.physics.rigid.Link;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;

/**
 * How two touching surfaces combine, the way Gazebo's worlds expect: friction is the smaller of the two
 * coefficients (JBullet multiplies them, so two surfaces of μ 0.5 would slide like μ 0.25), and restitution the
 * larger, so a bounce set on one surface takes effect on an ordinary floor (JBullet's product would be 0).
 * Where a surface's friction differs by direction (SDF's mu2 and fdir1) the point gets its two friction directions
 * and their coefficient from {@link ContactFriction}. JBullet has one process-wide contact callback; it applies only
 * to bodies that ask for it with {@link #enable(CollisionObject)}.
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
        point.combinedRestitution = Math.max(a.getRestitution(), b.getRestitution());
        Link la = a.getUserPointer() instanceof Link l ? l : null;
        Link lb = b.getUserPointer() instanceof Link l ? l : null;
        if ((la == null || !la.anisotropic()) && (lb == null || !lb.anisotropic())) {
            point.combinedFriction = Math.min(a.getFriction(), b.getFriction());
            return true;
        }
        // Friction that differs by direction: JBullet keeps a point's friction directions once it marks them set
        ContactFriction.Rows rows = ContactFriction.of(Convert.vec3(point.normalWorldOnB), side(a, la), side(b, lb));
        point.combinedFriction = (float) rows.friction();
        point.lateralFrictionDir1.set(Convert.vector(rows.first()));
        point.lateralFrictionDir2.set(Convert.vector(rows.second()));
        point.lateralFrictionInitialized = true;
        return true;
    }

    private static ContactFriction.Side side(CollisionObject body, Link link) {
        if (link == null) {
            return new ContactFriction.Side(body.getFriction(), body.getFriction(), Vec3.ZERO);
        }
        SurfaceSpec surface = link.surface();
        return new ContactFriction.Side(surface.friction(), surface.friction2(), link.frictionDirection());
    }
}
