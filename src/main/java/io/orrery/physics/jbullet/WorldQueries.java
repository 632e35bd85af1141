package io.orrery.physics.jbullet;

import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.CollisionWorld;
import com.bulletphysics.collision.dispatch.CollisionWorld.ClosestRayResultCallback;
import com.bulletphysics.collision.broadphase.Dispatcher;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.RayHit;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.vecmath.Vector3f;

/** Read-only questions to the collision world, for sensors: ray casts and the contacts of one link. */
final class WorldQueries {

    /**
     * How far apart two bodies may be and still count as touching, metres. A box resting on another hovers a few
     * micrometres above it for a step now and then (5 steps in 5000 in touch_plugin.sdf); without this a contact
     * sensor would flicker off for those steps.
     */
    static final float TOUCHING = 1e-4f;

    private WorldQueries() {
    }

    /** JBullet's closest-hit ray test; the hit's body names the model and link. */
    static Optional<RayHit> rayCast(CollisionWorld world, Vec3 from, Vec3 to) {
        Vector3f start = Convert.vector(from);
        Vector3f end = Convert.vector(to);
        ClosestRayResultCallback result = new ClosestRayResultCallback(start, end);
        world.rayTest(start, end, result);
        if (!result.hasHit() || !(result.collisionObject.getUserPointer() instanceof LinkBody link)) {
            return Optional.empty();
        }
        Vec3 normal = Convert.vec3(result.hitNormalWorld);
        double distance = result.closestHitFraction * to.minus(from).length();
        return Optional.of(new RayHit(Convert.vec3(result.hitPointWorld),
                normal.length() > 0 ? normal.normalized() : normal, distance, link.model(), link.name()));
    }

    /**
     * The points of the dispatcher's persistent manifolds (JBullet's and Orrery's box generators' alike) that
     * touch the link in the last step: those overlapping or closer than {@link #TOUCHING}.
     */
    static List<ContactPoint> contacts(Dispatcher dispatcher, LinkBody link) {
        List<ContactPoint> out = new ArrayList<>();
        for (int i = 0; i < dispatcher.getNumManifolds(); i++) {
            PersistentManifold manifold = dispatcher.getManifoldByIndexInternal(i);
            CollisionObject a = (CollisionObject) manifold.getBody0();
            CollisionObject b = (CollisionObject) manifold.getBody1();
            boolean isA = a.getUserPointer() == link;
            if (!isA && b.getUserPointer() != link) {
                continue;
            }
            if (!((isA ? b : a).getUserPointer() instanceof LinkBody other)) {
                continue;
            }
            for (int p = 0; p < manifold.getNumContacts(); p++) {
                ManifoldPoint point = manifold.getContactPoint(p);
                if (point.getDistance() > TOUCHING) {
                    continue;
                }
                // Bullet's normal points from body 1 towards body 0.
                Vec3 normal = Convert.vec3(point.normalWorldOnB);
                out.add(new ContactPoint(other.model(), other.name(),
                        Convert.vec3(isA ? point.positionWorldOnA : point.positionWorldOnB),
                        isA ? normal : normal.times(-1), Math.max(0, -point.getDistance())));
            }
        }
        return out;
    }
}
