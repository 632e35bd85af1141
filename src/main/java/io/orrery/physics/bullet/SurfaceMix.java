package io.orrery.physics.bullet;

import io.orrery.physics.rigid.Link;

/**
 * Gazebo's surface mixing (friction the smaller coefficient, restitution the larger) against Bullet's own (their
 * products), and whether the bodies of a space hold any pair on which the two disagree. Where none does, the step
 * skips Bullet's per-contact-point call into Java altogether: on 1,000 resting boxes that call came to over 4,000 JNI
 * round trips a step, about as long as the step's own work.
 */
final class SurfaceMix {

    /** Bullet clamps a combined friction to ±10. */
    private static final float MAX_FRICTION = 10f;

    /** Bodies by friction: exactly 0, exactly 1, between, above 1, or not a non-negative number. */
    private int frictionZero;

    private int frictionOne;
    private int frictionBetween;
    private int frictionAbove;
    private int frictionInvalid;
    /** Bodies whose restitution is not 0, and not 1. */
    private int restitutionNotZero;

    private int restitutionNotOne;

    /** Bodies whose friction differs by direction. */
    private int anisotropic;

    /**
     * A body's surface, kept in Java so that mixing needs no call back into the native world.
     *
     * @param link the link whose body it is, for friction that differs by direction; null for a body Orrery did not
     *     build
     */
    record Surface(float friction, float restitution, Link link) {

        Surface(float friction, float restitution) {
            this(friction, restitution, null);
        }

        boolean anisotropic() {
            return link != null && link.anisotropic();
        }
    }

    void add(Surface s) {
        count(s, 1);
    }

    void remove(Surface s) {
        count(s, -1);
    }

    private void count(Surface s, int by) {
        float f = s.friction();
        if (f == 0) {
            frictionZero += by;
        } else if (f == 1) {
            frictionOne += by;
        } else if (f > 0 && f < 1) {
            frictionBetween += by;
        } else if (f > 1 && Float.isFinite(f)) {
            frictionAbove += by;
        } else {
            frictionInvalid += by;
        }
        anisotropic += s.anisotropic() ? by : 0;
        restitutionNotZero += s.restitution() != 0 ? by : 0;
        restitutionNotOne += s.restitution() != 1 ? by : 0;
    }

    /**
     * True when some pair of the counted bodies mixes differently under Bullet's products. Friction: a pair with a
     * zero agrees, as does 1 with anything up to 1; two coefficients between 0 and 1, or one above 1 with any
     * other non-zero one, do not. Restitution: the products agree only when every body has 0, or every body 1. A body
     * whose friction differs by direction always needs its contacts set.
     */
    boolean needed() {
        if (anisotropic > 0) {
            return true;
        }
        int nonZero = frictionOne + frictionBetween + frictionAbove;
        boolean friction = frictionInvalid > 0 || frictionBetween > 1 || (frictionAbove > 0 && nonZero > 1);
        boolean restitution = restitutionNotZero > 0 && restitutionNotOne > 0;
        return friction || restitution;
    }

    /** Bullet's combined friction for two bodies, as it computes it in single precision. */
    static float bulletFriction(float a, float b) {
        return Math.max(-MAX_FRICTION, Math.min(MAX_FRICTION, a * b));
    }

    /** Bullet's combined restitution. */
    static float bulletRestitution(float a, float b) {
        return a * b;
    }
}
