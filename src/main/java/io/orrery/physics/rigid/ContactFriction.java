package io.orrery.physics.rigid;

import io.orrery.world.Vec3;

/**
 * Friction that differs by direction at one contact point (SDF's {@code mu2} and {@code fdir1}), combined the way
 * Gazebo's default engine (DART) combines it: each coefficient the smaller of the two surfaces'; the first direction
 * the surface's {@code fdir1} projected on the contact plane (the side with the smaller {@code mu} when both set one,
 * the world's z when neither does), the second across it. Both engines solve friction as two rows that share one
 * coefficient, so the rows come back with the larger coefficient and the other row's direction scaled by the ratio:
 * a row's impulse is bounded by that coefficient times the normal impulse and acts along its scaled direction, so its
 * force is bounded by exactly its own coefficient, and a row scaled to zero (mu2 = 0) holds nothing.
 */
public final class ContactFriction {

    /** DART's threshold for a direction too short to use. */
    private static final double EPSILON_SQUARED = 1e-12;

    private ContactFriction() {}

    /**
     * One surface at the contact.
     *
     * @param mu the coefficient along the first direction
     * @param mu2 the coefficient along the second
     * @param direction the surface's first friction direction in the world frame, zero when it sets none
     */
    public record Side(double mu, double mu2, Vec3 direction) {}

    /**
     * The two friction rows of a contact point.
     *
     * @param first the first direction, scaled by its coefficient over {@code friction}
     * @param second the second direction, scaled the same way
     * @param friction the larger of the two combined coefficients, which both rows take
     */
    public record Rows(Vec3 first, Vec3 second, double friction) {}

    /** The rows at a contact with the given normal (either sense) between surfaces {@code a} and {@code b}. */
    public static Rows of(Vec3 normal, Side a, Side b) {
        double mu = Math.min(a.mu(), b.mu());
        double mu2 = Math.min(a.mu2(), b.mu2());
        Vec3 n = normal.normalized();
        Vec3 second = n.cross(firstDirection(a, b));
        if (second.dot(second) < EPSILON_SQUARED) {
            second = n.cross(new Vec3(1, 0, 0));
            if (second.dot(second) < EPSILON_SQUARED) {
                second = n.cross(new Vec3(0, 1, 0));
            }
        }
        second = second.normalized();
        Vec3 first = second.cross(n); // in the contact plane, along the projected direction
        double larger = Math.max(mu, mu2);
        if (!(larger > 0)) {
            return new Rows(Vec3.ZERO, Vec3.ZERO, 0);
        }
        return new Rows(first.times(mu / larger), second.times(mu2 / larger), larger);
    }

    private static Vec3 firstDirection(Side a, Side b) {
        boolean hasA = a.direction().dot(a.direction()) >= EPSILON_SQUARED;
        boolean hasB = b.direction().dot(b.direction()) >= EPSILON_SQUARED;
        if (hasA && hasB) {
            return a.mu() <= b.mu() ? a.direction() : b.direction();
        }
        if (hasA) {
            return a.direction();
        }
        return hasB ? b.direction() : Vec3.UNIT_Z;
    }
}
