package io.orrery.system.liftdrag;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * One lifting surface's aerodynamics as Gazebo's LiftDrag computes them: lift, drag and pitching moment from the
 * inflow at the centre of pressure, each coefficient linear in the angle of attack up to the stall angle and with
 * its own slope beyond, scaled by the sweep angle's cosine squared. Immutable.
 *
 * @param cla lift coefficient per radian of attack
 * @param cda drag coefficient per radian
 * @param cma moment coefficient per radian
 * @param alphaStall the stall angle (rad)
 * @param claStall lift slope beyond stall
 * @param cdaStall drag slope beyond stall
 * @param cmaStall moment slope beyond stall
 * @param rho air density (kg/m³)
 * @param area the planform area (m²)
 * @param alpha0 the angle of attack at zero lift (rad)
 * @param cp the centre of pressure in the link frame (m)
 * @param forward the chord's forward direction in the link frame (unit)
 * @param upward the lift direction at zero attack in the link frame (unit)
 * @param radialSymmetry true when the upward direction follows the inflow (a body of revolution)
 * @param reversible true when inflow from behind also lifts (a reversible propeller)
 * @param controlRadToCl lift coefficient added per radian of the control joint
 * @param cmDelta moment coefficient added per radian of the control joint
 */
record Airfoil(
        double cla,
        double cda,
        double cma,
        double alphaStall,
        double claStall,
        double cdaStall,
        double cmaStall,
        double rho,
        double area,
        double alpha0,
        Vec3 cp,
        Vec3 forward,
        Vec3 upward,
        boolean radialSymmetry,
        boolean reversible,
        double controlRadToCl,
        double cmDelta) {

    /** Below this inflow speed (m/s) Gazebo applies nothing. */
    private static final double MIN_SPEED = 0.01;

    /**
     * A force and a torque in the world frame, the force acting at the centre of pressure.
     *
     * @param force lift plus drag (N)
     * @param torque the pitching moment about the centre of pressure (N m)
     */
    record Wrench(Vec3 force, Vec3 torque) {}

    /**
     * The wrench on a link at {@code pose} moving at {@code linear} (its origin) and {@code angular} through air
     * moving at {@code wind}, its control joint at {@code control} rad (0 without one); empty when Gazebo applies
     * nothing (too slow an inflow, or from behind a surface that is not reversible).
     */
    Optional<Wrench> wrench(Pose pose, Vec3 linear, Vec3 angular, Vec3 wind, double control) {
        Vec3 cpWorld = pose.rotation().rotate(cp);
        Vec3 vel = linear.plus(angular.cross(cpWorld)).minus(wind);
        if (vel.length() <= MIN_SPEED) {
            return Optional.empty();
        }
        Vec3 velI = vel.normalized();
        Vec3 forwardI = pose.rotation().rotate(forward);
        if (!reversible && forwardI.dot(vel) <= 0.0) {
            return Optional.empty();
        }
        Vec3 upwardI = radialSymmetry
                ? forwardI.cross(forwardI.cross(velI)).normalized()
                : pose.rotation().rotate(upward);
        Vec3 spanwiseI = forwardI.cross(upwardI).normalized();
        double sinSweep = clamp(spanwiseI.dot(velI));
        double cos2Sweep = 1.0 - sinSweep * sinSweep;
        // the inflow in the lift-drag plane sets the angle of attack and the dynamic pressure
        Vec3 velInPlane = vel.minus(spanwiseI.times(vel.dot(spanwiseI)));
        Vec3 dragDirection = velInPlane.normalized().times(-1);
        Vec3 liftI = spanwiseI.cross(velInPlane).normalized();
        double cosAlpha = clamp(liftI.dot(upwardI));
        double alpha = liftI.dot(forwardI) >= 0.0 ? alpha0 + Math.acos(cosAlpha) : alpha0 - Math.acos(cosAlpha);
        while (Math.abs(alpha) > 0.5 * Math.PI) {
            alpha = alpha > 0 ? alpha - Math.PI : alpha + Math.PI;
        }
        double speed = velInPlane.length();
        double q = 0.5 * rho * speed * speed;
        double cl = coefficient(cla, claStall, alpha, cos2Sweep, true) + controlRadToCl * control;
        double cd = Math.abs(coefficient(cda, cdaStall, alpha, cos2Sweep, false));
        double cm = coefficient(cma, cmaStall, alpha, cos2Sweep, true) + cmDelta * control;
        Vec3 force = liftI.times(cl * q * area).plus(dragDirection.times(cd * q * area));
        Vec3 torque = spanwiseI.times(cm * q * area);
        // gz-math's Correct(): a NaN or infinite component becomes 0
        return Optional.of(new Wrench(corrected(force), corrected(torque)));
    }

    /**
     * A coefficient at {@code alpha}: its slope up to stall, the stall slope beyond; lift and moment keep their sign
     * past stall ({@code keepSign}), as Gazebo clamps them.
     */
    private double coefficient(double slope, double stallSlope, double alpha, double cos2Sweep, boolean keepSign) {
        if (alpha > alphaStall) {
            double c = (slope * alphaStall + stallSlope * (alpha - alphaStall)) * cos2Sweep;
            return keepSign ? Math.max(0.0, c) : c;
        }
        if (alpha < -alphaStall) {
            double c = (-slope * alphaStall + stallSlope * (alpha + alphaStall)) * cos2Sweep;
            return keepSign ? Math.min(0.0, c) : c;
        }
        return slope * alpha * cos2Sweep;
    }

    private static double clamp(double ratio) {
        return Math.max(-1.0, Math.min(1.0, ratio));
    }

    private static Vec3 corrected(Vec3 v) {
        return new Vec3(finite(v.x()), finite(v.y()), finite(v.z()));
    }

    private static double finite(double d) {
        return Double.isFinite(d) ? d : 0.0;
    }
}
