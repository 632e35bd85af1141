package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.ManifoldPoints;
import com.jme3.bullet.collision.PersistentManifolds;
import com.jme3.bullet.collision.PhysicsRayTestResult;
import com.jme3.math.Vector3f;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.RayHit;
import io.orrery.physics.rigid.Hits;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Read-only questions to the collision world, for sensors: ray casts and the contacts of one link. */
final class WorldQueries {

    private WorldQueries() {}

    /** The closest hit of a link with a shape; {@code bodies} maps native body ids to links. */
    static Optional<RayHit> rayCast(PhysicsSpace space, Map<Long, LinkBody> bodies, Vec3 from, Vec3 to) {
        PhysicsRayTestResult best = null;
        LinkBody bestLink = null;
        for (PhysicsRayTestResult r : space.rayTestRaw(Convert.vector(from), Convert.vector(to))) {
            LinkBody link = bodies.get(r.getCollisionObject().nativeId());
            if (link == null || link.shapeless()) {
                continue;
            }
            if (best == null || r.getHitFraction() < best.getHitFraction()) {
                best = r;
                bestLink = link;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        double fraction = best.getHitFraction();
        Vec3 point = from.plus(to.minus(from).times(fraction));
        return Optional.of(
                Hits.rayHit(bestLink, point, Convert.vec3(best.getHitNormalLocal(new Vector3f())), fraction, from, to));
    }

    /**
     * The points of the persistent manifolds that touch the link in the last step, with the force of the solver's
     * impulses (normal and both friction directions) over that step of {@code dt} s (the last part of a split step),
     * and a slipping contact's viscous force ({@link SlipContacts}).
     */
    static List<ContactPoint> contacts(
            PhysicsSpace space, Map<Long, LinkBody> bodies, LinkBody link, double dt, SlipContacts slips) {
        List<ContactPoint> out = new ArrayList<>();
        long id = link.body.nativeId();
        Vector3f v = new Vector3f();
        for (long manifold : space.listManifoldIds()) {
            long a = PersistentManifolds.getBodyAId(manifold);
            long b = PersistentManifolds.getBodyBId(manifold);
            boolean isA = a == id;
            if (!isA && b != id) {
                continue;
            }
            LinkBody other = bodies.get(isA ? b : a);
            if (other == null) {
                continue;
            }
            int n = PersistentManifolds.countPoints(manifold);
            int touching = 0;
            for (int p = 0; p < n; p++) {
                touching +=
                        Hits.touching(ManifoldPoints.getDistance1(PersistentManifolds.getPointId(manifold, p))) ? 1 : 0;
            }
            // a slipping contact's viscous force is known for the manifold: each touching point carries its share
            Vec3 viscous = touching == 0 ? Vec3.ZERO : slips.forceOnA(manifold).times(1.0 / touching);
            for (int p = 0; p < n; p++) {
                long point = PersistentManifolds.getPointId(manifold, p);
                float distance = ManifoldPoints.getDistance1(point);
                if (!Hits.touching(distance)) {
                    continue;
                }
                ManifoldPoints.getNormalWorldOnB(point, v);
                Vec3 normal = Convert.vec3(v);
                if (isA) {
                    ManifoldPoints.getPositionWorldOnA(point, v);
                } else {
                    ManifoldPoints.getPositionWorldOnB(point, v);
                }
                Vec3 position = Convert.vec3(v);
                // Bullet's compound algorithm names the child shape each point is on (index0: body A's)
                out.add(Hits.contact(
                        link,
                        other,
                        position,
                        normal,
                        isA,
                        distance,
                        forceOnA(point, normal, dt).plus(viscous),
                        ManifoldPoints.getIndex0(point),
                        ManifoldPoints.getIndex1(point)));
            }
        }
        return out;
    }

    /** The point's impulses on body A over a step of {@code dt} s, as a force: along the normal and both frictions. */
    private static Vec3 forceOnA(long point, Vec3 normalOnB, double dt) {
        Vector3f d = new Vector3f();
        Vec3 impulse = normalOnB.times(ManifoldPoints.getAppliedImpulse(point));
        ManifoldPoints.getLateralFrictionDir1(point, d);
        impulse = impulse.plus(Convert.vec3(d).times(ManifoldPoints.getAppliedImpulseLateral1(point)));
        ManifoldPoints.getLateralFrictionDir2(point, d);
        impulse = impulse.plus(Convert.vec3(d).times(ManifoldPoints.getAppliedImpulseLateral2(point)));
        return impulse.times(1 / dt);
    }
}
