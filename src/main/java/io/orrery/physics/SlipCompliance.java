package io.orrery.physics;

import io.orrery.world.Vec3;

/**
 * ODE's force-dependent slip at a link's contacts (gz-sim's {@code SlipComplianceCmd}): along each of two directions in
 * the contact plane the contact lets the surfaces slide at {@code slip × force} instead of holding them together.
 * {@code lateral} acts along {@code lateralAxis} (a wheel's spin axis) projected onto the contact plane, and
 * {@code longitudinal} along the contact normal crossed with it, the way a wheel rolls. A slip of zero is ordinary
 * friction; every slip is bounded by the Coulomb limit {@code friction × normal force} as ODE's are.
 *
 * @param lateralAxis the lateral direction in the link frame, unit length
 * @param lateral slip along the lateral direction, m/s/N, not negative
 * @param longitudinal slip along the rolling direction, m/s/N, not negative
 * @param friction the contact's friction coefficient (Gazebo's WheelSlip sets the wheel's, 1 by default)
 */
public record SlipCompliance(Vec3 lateralAxis, double lateral, double longitudinal, double friction) {

    public SlipCompliance {
        if (!(lateral >= 0) || !(longitudinal >= 0) || !Double.isFinite(lateral) || !Double.isFinite(longitudinal)) {
            throw new IllegalArgumentException(
                    "slip compliance must be finite and not negative, got " + lateral + ", " + longitudinal);
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("friction must be finite and not negative, got " + friction);
        }
        double length = lateralAxis.length();
        if (!(Math.abs(length - 1) < 1e-6)) {
            throw new IllegalArgumentException("the lateral axis must be a unit vector, got " + lateralAxis);
        }
    }
}
