package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.RayTestFlag;
import com.jme3.bullet.SolverInfo;
import com.jme3.bullet.SolverMode;
import com.jme3.bullet.StepFlag;
import com.jme3.bullet.collision.ContactPointFlag;
import com.jme3.bullet.collision.ManifoldPoints;
import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.math.Vector3f;
import io.orrery.physics.SolverSettings;
import io.orrery.physics.rigid.ContactFriction;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.util.Map;

/**
 * A dynamics world (dynamic AABB tree broadphase, sequential impulse solver) whose contact points combine two
 * surfaces the way Gazebo's worlds expect: friction is the smaller coefficient and restitution the larger (Bullet
 * multiplies both). Bullet calls {@link #onContactConceived} for every contact point it finds or refreshes, every
 * step, when the step asks for it; {@link #stepFlags()} asks only while the bodies in the space hold a pair whose
 * products differ from Gazebo's mix.
 */
final class MixingSpace extends PhysicsSpace {

    /** The broadphase's world box (only used by sweep-and-prune broadphases; the AABB tree grows as needed). */
    private static final float EXTENT = 10_000f;

    private final SurfaceMix mix = new SurfaceMix();
    private final SlipContacts slips;
    private final Map<Long, LinkBody> bodies;

    MixingSpace(SolverSettings solver, SlipContacts slips, Map<Long, LinkBody> bodies) {
        super(new Vector3f(-EXTENT, -EXTENT, -EXTENT), new Vector3f(EXTENT, EXTENT, EXTENT), BroadphaseType.DBVT);
        SolverInfo info = getSolverInfo();
        info.setNumIterations(solver.iterations());
        info.setSplitImpulseEnabled(solver.splitImpulse());
        info.setSplitImpulseThreshold((float) solver.splitImpulseThreshold());
        info.setContactErp((float) solver.contactErp());
        info.setSplitImpulseErp((float) solver.splitImpulseErp());
        info.setGlobalCfm((float) solver.cfm());
        int mode = info.mode() & ~(SolverMode.Use2Directions | SolverMode.RandomOrder);
        mode |= solver.twoFrictionDirections() ? SolverMode.Use2Directions : 0;
        // Friction directions a contact sets stand (CacheDirection with the point's LATERAL_FRICTION flag): only the
        // contacts of surfaces whose friction differs by direction set the flag, every other contact is as before.
        mode |= SolverMode.CacheDirection;
        info.setMode(mode | (solver.randomOrder() ? SolverMode.RandomOrder : 0));
        // Bullet 3 makes contacts up to 2 cm before bodies touch and, by default, stops an approaching body there
        // without restitution: a ball would not bounce. Speculative contact restitution applies it there too.
        useScr(true);
        // Rays meet convex shapes by GJK, not Bullet's default subsimplex cast: the subsimplex cast stops up to about
        // a centimetre short of a box's face on oblique rays, where Gazebo's lidar tests allow 0.1 mm.
        setRayTestFlags(RayTestFlag.GjkRaytest);
        this.slips = slips;
        this.bodies = bodies;
    }

    /**
     * The step's callbacks: the contact-point one only when some pair of bodies needs Gazebo's mixing (friction that
     * differs by direction among it) or some link slips. The solver keeps the friction directions a contact point
     * sets (CacheDirection, set once): only points flagged LATERAL_FRICTION are read so, every other point is as before.
     */
    int stepFlags() {
        return mix.needed() || slips.any() ? StepFlag.contactConceived : 0;
    }

    @Override
    public void addCollisionObject(PhysicsCollisionObject pco) {
        if (!contains(pco)) {
            mix.add(surface(pco));
        }
        super.addCollisionObject(pco);
    }

    @Override
    public void removeCollisionObject(PhysicsCollisionObject pco) {
        if (contains(pco)) {
            mix.remove(surface(pco));
        }
        super.removeCollisionObject(pco);
    }

    @Override
    public boolean onContactConceived(
            long pointId, long manifoldId, PhysicsCollisionObject a, PhysicsCollisionObject b) {
        // One call per contact point per step: read the surfaces on the Java side, and write back only what Bullet
        // combined differently, so that most calls make no further trip into the native world.
        SurfaceMix.Surface sa = surface(a);
        SurfaceMix.Surface sb = surface(b);
        if (sa.anisotropic() || sb.anisotropic()) {
            directional(pointId, sa, sb);
        } else {
            mix(pointId, sa, sb);
        }
        float restitution = Math.max(sa.restitution(), sb.restitution());
        if (restitution != SurfaceMix.bulletRestitution(sa.restitution(), sb.restitution())) {
            ManifoldPoints.setCombinedRestitution(pointId, restitution);
        }
        slips.onContact(pointId, manifoldId, a, b, bodies);
        return true;
    }

    private static void mix(long pointId, SurfaceMix.Surface sa, SurfaceMix.Surface sb) {
        float friction = Math.min(sa.friction(), sb.friction());
        if (friction != SurfaceMix.bulletFriction(sa.friction(), sb.friction())) {
            ManifoldPoints.setCombinedFriction(pointId, friction);
        }
    }

    /**
     * Friction that differs by direction ({@link ContactFriction}): the point's two friction directions and their
     * shared coefficient set here, and flagged so that the solver takes them as they are.
     */
    private static void directional(long pointId, SurfaceMix.Surface sa, SurfaceMix.Surface sb) {
        Vector3f normal = new Vector3f();
        ManifoldPoints.getNormalWorldOnB(pointId, normal);
        ContactFriction.Rows rows = ContactFriction.of(Convert.vec3(normal), side(sa), side(sb));
        ManifoldPoints.setCombinedFriction(pointId, (float) rows.friction());
        ManifoldPoints.setLateralFrictionDir1(pointId, Convert.vector(rows.first()));
        ManifoldPoints.setLateralFrictionDir2(pointId, Convert.vector(rows.second()));
        ManifoldPoints.setFlags(pointId, ManifoldPoints.getFlags(pointId) | ContactPointFlag.LATERAL_FRICTION);
    }

    private static ContactFriction.Side side(SurfaceMix.Surface s) {
        if (s.link() == null) {
            return new ContactFriction.Side(s.friction(), s.friction(), Vec3.ZERO);
        }
        SurfaceSpec spec = s.link().surface();
        return new ContactFriction.Side(
                spec.friction(), spec.friction2(), s.link().frictionDirection());
    }

    /** The surface Orrery gave the body, or the native one for a body Orrery did not build. */
    private static SurfaceMix.Surface surface(PhysicsCollisionObject pco) {
        return pco.getUserObject() instanceof SurfaceMix.Surface s
                ? s
                : new SurfaceMix.Surface(pco.getFriction(), pco.getRestitution());
    }
}
