package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.Dispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.CollisionWorld;
import com.bulletphysics.collision.dispatch.CollisionWorld.ClosestRayResultCallback;
import com.bulletphysics.collision.narrowphase.ConvexCast.CastResult;
import com.bulletphysics.collision.narrowphase.GjkConvexCast;
import com.bulletphysics.collision.narrowphase.ManifoldPoint;
import com.bulletphysics.collision.narrowphase.PersistentManifold;
import com.bulletphysics.collision.narrowphase.VoronoiSimplexSolver;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.CompoundShape;
import com.bulletphysics.collision.shapes.ConvexShape;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.linearmath.AabbUtil2;
import com.bulletphysics.linearmath.Transform;
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

    /**
     * The closest hit of a link with a shape. JBullet's own {@code rayTest} meets convex shapes by its subsimplex cast,
     * which stops up to about a centimetre short of a box's face on an oblique ray (Gazebo's lidar tests allow 0.1
     * mm); here convex shapes, alone or in a compound, are met by GJK, as native Bullet does with its GJK flag, and
     * only concave shapes (meshes, heightfields) go through JBullet's triangle ray test, which is exact.
     */
    static Optional<RayHit> rayCast(CollisionWorld world, Vec3 from, Vec3 to) {
        RayCast cast = new RayCast(Convert.vector(from), Convert.vector(to));
        var objects = world.getCollisionObjectArray();
        for (int i = 0; i < objects.size(); i++) {
            CollisionObject o = objects.getQuick(i);
            if (o.getUserPointer() instanceof LinkBody link && !link.shapeless()) {
                cast.object(o);
            }
        }
        if (cast.hit == null) {
            return Optional.empty();
        }
        Vector3f point = new Vector3f();
        point.interpolate(cast.start, cast.end, cast.fraction);
        return Optional.of(Hits.rayHit(
                (LinkBody) cast.hit.getUserPointer(),
                Convert.vec3(point),
                Convert.vec3(cast.normal),
                cast.fraction,
                from,
                to));
    }

    /** One ray against the bodies it is offered, keeping the nearest hit. */
    private static final class RayCast {

        final Vector3f start;
        final Vector3f end;
        final Transform rayFrom = new Transform();
        final Transform rayTo = new Transform();
        final SphereShape point = new SphereShape(0f);
        final VoronoiSimplexSolver simplex = new VoronoiSimplexSolver();
        final Vector3f normal = new Vector3f();
        float fraction = 1f;
        CollisionObject hit;

        RayCast(Vector3f start, Vector3f end) {
            this.start = start;
            this.end = end;
            rayFrom.setIdentity();
            rayFrom.origin.set(start);
            rayTo.setIdentity();
            rayTo.origin.set(end);
        }

        void object(CollisionObject o) {
            Transform where = o.getWorldTransform(new Transform());
            Vector3f min = new Vector3f();
            Vector3f max = new Vector3f();
            o.getCollisionShape().getAabb(where, min, max);
            float[] param = {fraction};
            if (AabbUtil2.rayAabb(start, end, min, max, param, new Vector3f())) {
                shape(o, o.getCollisionShape(), where);
            }
        }

        private void shape(CollisionObject o, CollisionShape shape, Transform where) {
            if (shape instanceof CompoundShape compound) {
                for (int c = 0; c < compound.getNumChildShapes(); c++) {
                    Transform child = new Transform(where);
                    child.mul(compound.getChildTransform(c, new Transform()));
                    shape(o, compound.getChildShape(c), child);
                }
            } else if (shape instanceof ConvexShape convex) {
                CastResult result = new CastResult();
                result.fraction = fraction;
                simplex.reset();
                if (new GjkConvexCast(point, convex, simplex).calcTimeOfImpact(rayFrom, rayTo, where, where, result)
                        && result.normal.lengthSquared() > 1e-4f
                        && result.fraction < fraction) {
                    keep(o, result.fraction, result.normal);
                }
            } else {
                ClosestRayResultCallback closest = new ClosestRayResultCallback(start, end);
                closest.closestHitFraction = fraction;
                CollisionWorld.rayTestSingle(rayFrom, rayTo, o, shape, where, closest);
                if (closest.hasHit() && closest.closestHitFraction < fraction) {
                    keep(o, closest.closestHitFraction, closest.hitNormalWorld);
                }
            }
        }

        private void keep(CollisionObject o, float at, Vector3f towards) {
            fraction = at;
            hit = o;
            normal.set(towards);
        }
    }

    /**
     * The points of the dispatcher's persistent manifolds (JBullet's and Orrery's box generators' alike) that
     * touch the link in the last step: those overlapping or closer than {@link Hits#TOUCHING}.
     */
    static List<ContactPoint> contacts(Dispatcher dispatcher, LinkBody link, double dt) {
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
            Transform aPose = a.getWorldTransform(new Transform());
            Transform bPose = b.getWorldTransform(new Transform());
            for (int p = 0; p < manifold.getNumContacts(); p++) {
                ManifoldPoint point = manifold.getContactPoint(p);
                if (!Hits.touching(point.getDistance())) {
                    continue;
                }
                out.add(Hits.contact(
                        link,
                        other,
                        Convert.vec3(isA ? point.positionWorldOnA : point.positionWorldOnB),
                        Convert.vec3(point.normalWorldOnB),
                        isA,
                        point.getDistance(),
                        forceOnA(point, dt),
                        childAt(a.getCollisionShape(), aPose, point.positionWorldOnA),
                        childAt(b.getCollisionShape(), bPose, point.positionWorldOnB)));
            }
        }
        return out;
    }

    /**
     * The child of a compound shape a contact point is on: JBullet's compound algorithm does not name it (native
     * Bullet's does), so it is the child whose bounds lie nearest the point; 0 for a shape that is not a compound.
     */
    private static int childAt(CollisionShape shape, Transform bodyPose, Vector3f worldPoint) {
        if (!(shape instanceof CompoundShape compound) || compound.getNumChildShapes() < 2) {
            return 0;
        }
        Transform toBody = new Transform();
        toBody.inverse(bodyPose);
        Vector3f local = new Vector3f(worldPoint);
        toBody.transform(local);
        Transform childPose = new Transform();
        Vector3f min = new Vector3f();
        Vector3f max = new Vector3f();
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; i < compound.getNumChildShapes(); i++) {
            compound.getChildTransform(i, childPose);
            compound.getChildShape(i).getAabb(childPose, min, max);
            double dx = Math.max(0, Math.max(min.x - local.x, local.x - max.x));
            double dy = Math.max(0, Math.max(min.y - local.y, local.y - max.y));
            double dz = Math.max(0, Math.max(min.z - local.z, local.z - max.z));
            double d = dx * dx + dy * dy + dz * dz;
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        return best;
    }

    /** The point's impulses on body A over a step of {@code dt} s, as a force: along the normal and both frictions. */
    private static Vec3 forceOnA(ManifoldPoint point, double dt) {
        Vec3 impulse = Convert.vec3(point.normalWorldOnB)
                .times(point.appliedImpulse)
                .plus(Convert.vec3(point.lateralFrictionDir1).times(point.appliedImpulseLateral1))
                .plus(Convert.vec3(point.lateralFrictionDir2).times(point.appliedImpulseLateral2));
        return impulse.times(1 / dt);
    }
}
