package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.Dispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.CollisionWorld;
import com.bulletphysics.collision.dispatch.CollisionWorld.ClosestRayResultCallback;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.RayHit;
import io.orrery.physics.rigid.Hits;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.vecmath.Vector3f;

/** Read-only questions to the collision world, for sensors: ray casts and the contacts of one link. */
final class WorldQueries {

    private WorldQueries() {}

    /** JBullet's closest-hit ray test; the hit's body names the model and link. */
    static Optional<RayHit> rayCast(CollisionWorld world, Vec3 from, Vec3 to) {
        Vector3f start = Convert.vector(from);
        Vector3f end = Convert.vector(to);
        ClosestRayResultCallback result = new ClosestRayResultCallback(start, end);
        world.rayTest(start, end, result);
        if (!result.hasHit() || !(result.collisionObject.getUserPointer() instanceof LinkBody link)) {
            return Optional.empty();
        }
        return Optional.of(Hits.rayHit(
                link,
                Convert.vec3(result.hitPointWorld),
                Convert.vec3(result.hitNormalWorld),
                result.closestHitFraction,
                from,
                to));
    }

    /**
     * The points of the dispatcher's persistent manifolds (JBullet's and Orrery's box generators' alike) that
     * touch the link in the last step: those overlapping or closer than {@link Hits#TOUCHING}.
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
                if (!Hits.touching(point.getDistance())) {
                    continue;
                }
                out.add(Hits.contact(
                        other,
                        Convert.vec3(isA ? point.positionWorldOnA : point.positionWorldOnB),
                        Convert.vec3(point.normalWorldOnB),
                        isA,
                        point.getDistance()));
            }
        }
        return out;
    }
}
