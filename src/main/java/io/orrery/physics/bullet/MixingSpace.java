package io.orrery.physics.bullet;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.RayTestFlag;
import com.jme3.bullet.SolverInfo;
import com.jme3.bullet.SolverMode;
import com.jme3.bullet.StepFlag;
import com.jme3.bullet.collision.ManifoldPoints;
import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.math.Vector3f;
import io.orrery.physics.SolverSettings;
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
     * The step's callbacks: the contact-point one only when some pair of bodies needs Gazebo's mixing or some link
     * slips. Friction directions set on a contact point are only read by the solver in its caching mode, which is on
     * only while a link slips (it changes nothing for the other points, but the other worlds' solver stays as it was).
     */
    int stepFlags() {
        SolverInfo info = getSolverInfo();
        int mode = info.mode();
        int wanted = slips.any() ? mode | SolverMode.CacheDirection : mode & ~SolverMode.CacheDirection;
        if (wanted != mode) {
            info.setMode(wanted);
        }
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
        float friction = Math.min(sa.friction(), sb.friction());
        if (friction != SurfaceMix.bulletFriction(sa.friction(), sb.friction())) {
            ManifoldPoints.setCombinedFriction(pointId, friction);
        }
        float restitution = Math.max(sa.restitution(), sb.restitution());
        if (restitution != SurfaceMix.bulletRestitution(sa.restitution(), sb.restitution())) {
            ManifoldPoints.setCombinedRestitution(pointId, restitution);
        }
        slips.onContact(pointId, manifoldId, a, b, bodies);
        return true;
    }

    /** The surface Orrery gave the body, or the native one for a body Orrery did not build. */
    private static SurfaceMix.Surface surface(PhysicsCollisionObject pco) {
        return pco.getUserObject() instanceof SurfaceMix.Surface s
                ? s
                : new SurfaceMix.Surface(pco.getFriction(), pco.getRestitution());
    }
}
