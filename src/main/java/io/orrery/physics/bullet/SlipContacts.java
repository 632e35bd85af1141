package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.ContactPointFlag;
import com.jme3.bullet.collision.ManifoldPoints;
import com.jme3.bullet.collision.PersistentManifolds;
import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.math.Vector3f;
import io.orrery.physics.SlipCompliance;
import io.orrery.physics.rigid.Hits;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * ODE's force-dependent slip on Bullet, which has none: Bullet's friction rows are rigid (their constraint force
 * mixing is not reachable from Java), so a direction that slips is taken out of the solver and given the viscous force
 * the slip law asks for instead, {@code F = -v / slip} against the surfaces' relative velocity {@code v} along it,
 * bounded by {@code friction × normal force}. At steady state that is ODE's {@code v = slip × F}.
 *
 * <p>The force is explicit, from the velocities at the start of the step, so it is used only where it is stable: a
 * damper {@code 1/slip} on the link's own effective mass {@code m} at the contact point is stable when
 * {@code dt / (slip · m) < 2}, and Orrery asks for at most 1 (the joints and other contacts only make the effective
 * mass larger). Where the slip is smaller than that, slipping at {@code slip × F} is less than one step's velocity
 * change and the direction keeps Bullet's rigid friction row, which is what the slip law tends to as it goes to zero.
 *
 * <p>Everything happens in Bullet's contact callback for each contact point of a slipping link, every step: the
 * friction directions are set to the lateral and rolling ones, a slipping direction's row is kept at a thousandth of
 * its Coulomb limit (Bullet cannot leave a row out; its force is at most {@code friction × N / 1000}), and the viscous
 * force goes on both bodies at the point for the step being solved.
 */
final class SlipContacts {

    /** The share of its Coulomb limit a slipping direction's friction row keeps: a row of zero length would divide. */
    static final float FREE = 1e-3f;

    /** A slipping link, and the normal force (N) and number of its touching contact points after the last step. */
    private static final class Slipping {
        final LinkBody link;
        final SlipCompliance slip;
        double normalForce;
        int points;

        Slipping(LinkBody link, SlipCompliance slip) {
            this.link = link;
            this.slip = slip;
        }
    }

    private final Map<PhysicsCollisionObject, Slipping> slips = new IdentityHashMap<>();
    /**
     * The viscous force on body A of each manifold in the last step, for the contacts' reported forces: Bullet's
     * callback sees a point before the manifold stores its copy, so the force is known by manifold, not by point.
     */
    private final Map<Long, Vec3> forcesOnA = new HashMap<>();

    private double dt = Double.NaN;

    void set(LinkBody link, SlipCompliance slip) {
        if (slip == null) {
            slips.remove(link.body);
            return;
        }
        Slipping before = slips.get(link.body);
        Slipping now = new Slipping(link, slip);
        if (before != null) {
            now.normalForce = before.normalForce;
            now.points = before.points;
        }
        slips.put(link.body, now);
    }

    void remove(LinkBody link) {
        slips.remove(link.body);
    }

    void clear() {
        slips.clear();
        forcesOnA.clear();
    }

    boolean any() {
        return !slips.isEmpty();
    }

    /** A step of {@code dt} s is about to be taken. */
    void beforeStep(double dt) {
        this.dt = dt;
        forcesOnA.clear();
    }

    /**
     * After a step of {@code dt} s: each slipping link's normal force, from the solver's impulses at its touching
     * points (Bullet hands its contact callback fresh points, without the last step's impulses).
     */
    void afterStep(PhysicsSpace space, double dt) {
        if (slips.isEmpty()) {
            return;
        }
        for (Slipping s : slips.values()) {
            s.normalForce = 0;
            s.points = 0;
        }
        for (long manifold : space.listManifoldIds()) {
            Slipping a = byId(PersistentManifolds.getBodyAId(manifold));
            Slipping b = byId(PersistentManifolds.getBodyBId(manifold));
            if (a == null && b == null) {
                continue;
            }
            int n = PersistentManifolds.countPoints(manifold);
            for (int p = 0; p < n; p++) {
                long point = PersistentManifolds.getPointId(manifold, p);
                if (!Hits.touching(ManifoldPoints.getDistance1(point))) {
                    continue;
                }
                double force = Math.max(0, ManifoldPoints.getAppliedImpulse(point)) / dt;
                for (Slipping s : a == null ? List.of(b) : b == null ? List.of(a) : List.of(a, b)) {
                    s.normalForce += force;
                    s.points++;
                }
            }
        }
    }

    private Slipping byId(long nativeId) {
        for (Slipping s : slips.values()) {
            if (s.link.body.nativeId() == nativeId) {
                return s;
            }
        }
        return null;
    }

    /** The viscous force slipping contacts put on body A of the manifold in the last step, zero for any other. */
    Vec3 forceOnA(long manifold) {
        return forcesOnA.getOrDefault(manifold, Vec3.ZERO);
    }

    /** Bullet's callback for one contact point: sets its friction up if A or B slips. */
    void onContact(
            long point, long manifold, PhysicsCollisionObject a, PhysicsCollisionObject b, Map<Long, LinkBody> bodies) {
        Slipping sa = slips.get(a);
        Slipping sb = sa == null ? slips.get(b) : null;
        if (sa == null && sb == null) {
            return;
        }
        boolean wheelIsA = sa != null;
        Slipping s = wheelIsA ? sa : sb;
        LinkBody wheel = s.link;
        LinkBody other = bodies.get((wheelIsA ? b : a).nativeId());
        if (!wheel.isDynamic()) {
            return;
        }
        Vector3f v = new Vector3f();
        ManifoldPoints.getNormalWorldOnB(point, v);
        Vec3 normal = Convert.vec3(v);
        Quat rotation = wheel.comPose().rotation();
        Vec3 axis = rotation.rotate(s.slip.lateralAxis());
        Vec3 lateral = axis.minus(normal.times(axis.dot(normal)));
        if (lateral.length() < 1e-6) {
            return; // the axis stands on the contact: no lateral direction, ordinary friction
        }
        Vec3 d1 = lateral.normalized();
        Vec3 d2 = normal.cross(d1);
        if (wheelIsA) {
            ManifoldPoints.getPositionWorldOnA(point, v);
        } else {
            ManifoldPoints.getPositionWorldOnB(point, v);
        }
        Vec3 p = Convert.vec3(v);
        Vec3 r = p.minus(wheel.comPose().position());
        Vec3 relative = wheel.velocityAt(p).minus(other == null ? Vec3.ZERO : other.velocityAt(p));
        // the Coulomb limit, the link's normal force of the last step shared among its points; none before it touches
        double limit = !Hits.touching(ManifoldPoints.getDistance1(point)) || s.points == 0
                ? 0
                : s.slip.friction() * s.normalForce / s.points;
        Vec3 force = Vec3.ZERO;
        boolean free1 = slips(s.slip.lateral(), wheel, rotation, r, d1);
        boolean free2 = slips(s.slip.longitudinal(), wheel, rotation, r, d2);
        if (free1) {
            force = force.plus(d1.times(viscous(relative.dot(d1), s.slip.lateral(), limit)));
        }
        if (free2) {
            force = force.plus(d2.times(viscous(relative.dot(d2), s.slip.longitudinal(), limit)));
        }
        ManifoldPoints.setFlags(point, ManifoldPoints.getFlags(point) | ContactPointFlag.LATERAL_FRICTION);
        ManifoldPoints.setLateralFrictionDir1(point, Convert.vector(d1.times(free1 ? FREE : 1)));
        ManifoldPoints.setLateralFrictionDir2(point, Convert.vector(d2.times(free2 ? FREE : 1)));
        ManifoldPoints.setCombinedFriction(point, (float) s.slip.friction());
        if (force.equals(Vec3.ZERO)) {
            return;
        }
        wheel.applyForce(force, r);
        if (other != null && other.isDynamic()) {
            other.applyForce(force.times(-1), p.minus(other.comPose().position()));
        }
        forcesOnA.merge(manifold, wheelIsA ? force : force.times(-1), Vec3::plus);
    }

    /** The slip law's force along a direction: against the sliding, bounded by the Coulomb limit. */
    private static double viscous(double velocity, double slip, double limit) {
        return -Math.max(-limit, Math.min(limit, velocity / slip));
    }

    /**
     * Whether the slip is large enough for the explicit damper on the link's own effective mass at the point along
     * {@code d}: {@code dt / (slip · m) <= 1}.
     */
    private boolean slips(double slip, LinkBody wheel, Quat rotation, Vec3 r, Vec3 d) {
        if (slip <= 0) {
            return false;
        }
        Vec3 u = rotation.conjugate().rotate(r.cross(d));
        Vector3f inv = wheel.inverseInertia;
        double inverseMass = 1.0 / wheel.mass() + inv.x * u.x() * u.x() + inv.y * u.y() * u.y() + inv.z * u.z() * u.z();
        return dt * inverseMass <= slip;
    }
}
