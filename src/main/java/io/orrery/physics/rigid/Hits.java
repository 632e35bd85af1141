package io.orrery.physics.rigid;

import io.orrery.physics.ContactPoint;
import io.orrery.physics.RayHit;
import io.orrery.world.Vec3;

/** Ray hits and contact points from what an engine's collision world reports, by the same rules for both engines. */
public final class Hits {

    /**
     * How far apart two bodies may be and still count as touching, metres. A box resting on another hovers a few
     * micrometres above it for a step now and then (5 steps in 5000 in touch_plugin.sdf); without this a contact
     * sensor would flicker off for those steps.
     */
    public static final float TOUCHING = 1e-4f;

    private Hits() {}

    /**
     * A ray's hit on a link.
     *
     * @param link the link hit
     * @param point where, world frame
     * @param normal the surface normal there as the engine gives it (any length)
     * @param fraction how far along the ray, from 0 at {@code from} to 1 at {@code to}
     */
    public static RayHit rayHit(Link link, Vec3 point, Vec3 normal, double fraction, Vec3 from, Vec3 to) {
        return new RayHit(
                point,
                normal.length() > 0 ? normal.normalized() : normal,
                fraction * to.minus(from).length(),
                link.model(),
                link.name());
    }

    /** True when a manifold point {@code distance} metres apart (negative: overlapping) counts as a touch. */
    public static boolean touching(double distance) {
        return distance <= TOUCHING;
    }

    /**
     * A contact point of a manifold between bodies A and B, seen from the link that is one of them.
     *
     * @param other the link on the other side
     * @param position the point on the link's own surface, world frame
     * @param normalOnB the engine's normal, pointing from body B towards body A
     * @param linkIsA true when the link is body A
     * @param distance the engine's distance between the bodies there (negative: overlapping)
     */
    public static ContactPoint contact(Link other, Vec3 position, Vec3 normalOnB, boolean linkIsA, double distance) {
        return contact(other, position, normalOnB, linkIsA, distance, Vec3.ZERO);
    }

    /** As the other, with the force the contact pushed body A with ({@code forceOnA}; B feels its opposite). */
    public static ContactPoint contact(
            Link other, Vec3 position, Vec3 normalOnB, boolean linkIsA, double distance, Vec3 forceOnA) {
        return contact(null, other, position, normalOnB, linkIsA, distance, forceOnA, -1, -1);
    }

    /**
     * As the other, naming the collisions that touched.
     *
     * @param link the link the contact is seen from
     * @param childA the index of the child of body A's compound shape the point is on (negative: unknown)
     * @param childB the same for body B
     */
    public static ContactPoint contact(
            Link link,
            Link other,
            Vec3 position,
            Vec3 normalOnB,
            boolean linkIsA,
            double distance,
            Vec3 forceOnA,
            int childA,
            int childB) {
        int own = linkIsA ? childA : childB;
        int theirs = linkIsA ? childB : childA;
        return new ContactPoint(
                other.model(),
                other.name(),
                position,
                linkIsA ? normalOnB : normalOnB.times(-1),
                Math.max(0, -distance),
                linkIsA ? forceOnA : forceOnA.times(-1),
                link == null ? null : link.collisionOfChild(own),
                other.collisionOfChild(theirs));
    }
}
