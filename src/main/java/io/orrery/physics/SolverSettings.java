package io.orrery.physics;

/**
 * The sequential-impulse solver's settings, as both engines name them (Bullet's {@code btContactSolverInfo}).
 * docs/physics-engines.md says what each setting Orrery chose buys, from {@code Benchmarks settle}.
 *
 * @param iterations solver iterations per step over the contacts (at least 1)
 * @param jointIterations how many of those iterations also solve the joints, the last ones (1 to
 *     {@code iterations}). JBullet 2.72's joints correct their whole position error in every iteration they take part
 *     in, so more iterations make a hinge ring; Bullet 3 solves joints in every iteration and takes only
 *     {@code iterations}
 * @param splitImpulse whether penetration is pushed out by a separate position pass (split impulse) rather than by
 *     adding velocity to the contact (Baumgarte), which a resting body then carries as jitter
 * @param splitImpulseThreshold with {@code splitImpulse}, the penetration (m, negative when overlapping) at or below
 *     which a contact is split: Bullet's default −0.04 splits only contacts deeper than 4 cm, 0 every overlapping one
 * @param contactErp the share of a contact's penetration that Baumgarte removes per step, in (0, 1]
 * @param splitImpulseErp the share that the split pass removes per step, in (0, 1]
 * @param cfm Bullet's global constraint force mixing (softness), at least 0; JBullet has none and takes only 0
 * @param randomOrder whether the solver visits the rows in a shuffled order (deterministic: a seeded shuffle per
 *     world); in a fixed order the first contact of a face always takes the most, and a stack leans
 * @param twoFrictionDirections friction along two directions at every contact point. Bullet 3 by default adds the
 *     second only while the point slides faster than 3.4e-4 m/s, so a slower slide across its one direction is
 *     never stopped; JBullet always adds both and takes only true
 */
public record SolverSettings(
        int iterations,
        int jointIterations,
        boolean splitImpulse,
        double splitImpulseThreshold,
        double contactErp,
        double splitImpulseErp,
        double cfm,
        boolean randomOrder,
        boolean twoFrictionDirections) {

    /** Bullet 3's own defaults (Libbulletjme's solver mode: warm start and SIMD only). */
    public static final SolverSettings BULLET_DEFAULTS =
            new SolverSettings(10, 10, true, -0.04, 0.2, 0.1, 0, false, false);

    /** JBullet 2.72's own defaults: as Bullet 3's but split impulse off, the rows shuffled, both friction directions. */
    public static final SolverSettings JBULLET_DEFAULTS =
            new SolverSettings(10, 10, false, -0.02, 0.2, 0.1, 0, true, true);

    /** Validates the ranges. */
    public SolverSettings {
        if (iterations < 1 || jointIterations < 1 || jointIterations > iterations) {
            throw new IllegalArgumentException("solver iterations must be at least 1 and joint iterations between 1"
                    + " and them, got " + iterations + " and " + jointIterations);
        }
        if (Double.isNaN(splitImpulseThreshold)) {
            throw new IllegalArgumentException("split impulse threshold must be a number");
        }
        if (!(contactErp > 0 && contactErp <= 1) || !(splitImpulseErp > 0 && splitImpulseErp <= 1)) {
            throw new IllegalArgumentException(
                    "ERP must be in (0, 1], got contact " + contactErp + ", split " + splitImpulseErp);
        }
        if (!(cfm >= 0) || Double.isInfinite(cfm)) {
            throw new IllegalArgumentException("CFM must be finite and at least 0, got " + cfm);
        }
    }

    /** These settings with {@code n} iterations, the joints solved in all of them. */
    public SolverSettings withIterations(int n) {
        return withIterations(n, n);
    }

    /** These settings with {@code contacts} iterations, the joints solved in the last {@code joints} of them. */
    public SolverSettings withIterations(int contacts, int joints) {
        return new SolverSettings(
                contacts,
                joints,
                splitImpulse,
                splitImpulseThreshold,
                contactErp,
                splitImpulseErp,
                cfm,
                randomOrder,
                twoFrictionDirections);
    }

    /** These settings with split impulse on, for contacts at or below {@code threshold} (m). */
    public SolverSettings withSplitImpulse(double threshold) {
        return new SolverSettings(
                iterations,
                jointIterations,
                true,
                threshold,
                contactErp,
                splitImpulseErp,
                cfm,
                randomOrder,
                twoFrictionDirections);
    }

    /** These settings with split impulse off: every contact's penetration is pushed out through its velocity. */
    public SolverSettings withoutSplitImpulse() {
        return new SolverSettings(
                iterations,
                jointIterations,
                false,
                splitImpulseThreshold,
                contactErp,
                splitImpulseErp,
                cfm,
                randomOrder,
                twoFrictionDirections);
    }

    /** These settings with the given contact and split-impulse ERP. */
    public SolverSettings withErp(double contact, double split) {
        return new SolverSettings(
                iterations,
                jointIterations,
                splitImpulse,
                splitImpulseThreshold,
                contact,
                split,
                cfm,
                randomOrder,
                twoFrictionDirections);
    }

    /** These settings with the given global CFM. */
    public SolverSettings withCfm(double value) {
        return new SolverSettings(
                iterations,
                jointIterations,
                splitImpulse,
                splitImpulseThreshold,
                contactErp,
                splitImpulseErp,
                value,
                randomOrder,
                twoFrictionDirections);
    }

    /** These settings with the rows visited in a shuffled order, or in a fixed one. */
    public SolverSettings withRandomOrder(boolean on) {
        return new SolverSettings(
                iterations,
                jointIterations,
                splitImpulse,
                splitImpulseThreshold,
                contactErp,
                splitImpulseErp,
                cfm,
                on,
                twoFrictionDirections);
    }

    /** These settings with friction along two directions at every contact point, or as Bullet 3's default. */
    public SolverSettings withTwoFrictionDirections(boolean on) {
        return new SolverSettings(
                iterations,
                jointIterations,
                splitImpulse,
                splitImpulseThreshold,
                contactErp,
                splitImpulseErp,
                cfm,
                randomOrder,
                on);
    }
}
