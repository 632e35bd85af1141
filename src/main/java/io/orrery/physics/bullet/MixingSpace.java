package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.ManifoldPoints;
import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.math.Vector3f;

/**
 * A dynamics world (dynamic AABB tree broadphase, sequential impulse solver) whose new contact points combine two
 * surfaces the way Gazebo's worlds expect: friction is the smaller coefficient and restitution the larger (Bullet
 * multiplies both). Bullet calls {@link #onContactConceived} once per new contact point, when the step asks for it.
 */
final class MixingSpace extends PhysicsSpace {

    /** The broadphase's world box (only used by sweep-and-prune broadphases; the AABB tree grows as needed). */
    private static final float EXTENT = 10_000f;

    MixingSpace() {
        super(new Vector3f(-EXTENT, -EXTENT, -EXTENT), new Vector3f(EXTENT, EXTENT, EXTENT), BroadphaseType.DBVT);
        // Bullet 3 makes contacts up to 2 cm before bodies touch and, by default, stops an approaching body there
        // without restitution: a ball would not bounce. Speculative contact restitution applies it there too.
        useScr(true);
    }

    @Override
    public boolean onContactConceived(long pointId, long manifoldId, PhysicsCollisionObject a,
            PhysicsCollisionObject b) {
        ManifoldPoints.setCombinedFriction(pointId, Math.min(a.getFriction(), b.getFriction()));
        ManifoldPoints.setCombinedRestitution(pointId, Math.max(a.getRestitution(), b.getRestitution()));
        return true;
    }
}
