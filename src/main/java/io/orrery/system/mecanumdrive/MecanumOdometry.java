package io.orrery.system.mecanumdrive;

import io.orrery.system.control.RollingMean;

/**
 * MecanumDrive's dead reckoning, as gz-math's MecanumDriveOdometry does it: each wheel's travel since the last update
 * (its angle times the radius; the first update measures from angle 0), forward the mean of the four, sideways and
 * turning their mecanum combinations, integrated exactly along the arc (Gazebo's formula, kept as it is) or, when
 * the turn is under 1e-6 rad, at the mid-step heading. Speeds are rolling means over the last 10 updates. Runner
 * thread only.
 */
final class MecanumOdometry {

    /** gz-math's default window for the speeds' rolling means. */
    private static final int WINDOW = 10;

    private final double wheelSeparation;
    private final double wheelBase;
    private final double wheelRadius;
    private final RollingMean linearMean = new RollingMean(WINDOW);
    private final RollingMean lateralMean = new RollingMean(WINDOW);
    private final RollingMean angularMean = new RollingMean(WINDOW);
    private boolean initialized;
    private double lastTime;
    private double x;
    private double y;
    private double heading;
    private final double[] old = new double[4];

    MecanumOdometry(double wheelSeparation, double wheelBase, double wheelRadius) {
        this.wheelSeparation = wheelSeparation;
        this.wheelBase = wheelBase;
        this.wheelRadius = wheelRadius;
    }

    boolean initialized() {
        return initialized;
    }

    /** Starts at the origin at {@code time} (s), every wheel taken to be at angle 0. */
    void init(double time) {
        clear();
        lastTime = time;
        initialized = true;
    }

    /** Integrates the wheels' angles (rad: front left, front right, back left, back right) at {@code time} (s). */
    void update(double frontLeft, double frontRight, double backLeft, double backRight, double time) {
        double[] now = {
            frontLeft * wheelRadius, frontRight * wheelRadius, backLeft * wheelRadius, backRight * wheelRadius
        };
        double fl = now[0] - old[0];
        double fr = now[1] - old[1];
        double bl = now[2] - old[2];
        double br = now[3] - old[3];
        System.arraycopy(now, 0, old, 0, 4);
        double linear = (fl + fr + bl + br) * 0.25;
        double lateral = (-fl + fr + bl - br) * 0.25;
        double angular = (-fl + fr - bl + br) / (4 * 0.5 * (wheelSeparation + wheelBase));
        integrate(linear, lateral, angular);
        double dt = time - lastTime;
        if (Math.abs(dt) < 1e-6) {
            return; // no speed over no time
        }
        lastTime = time;
        linearMean.push(linear / dt);
        lateralMean.push(lateral / dt);
        angularMean.push(angular / dt);
    }

    private void integrate(double linear, double lateral, double angular) {
        if (Math.abs(angular) < 1e-6) {
            double direction = heading + angular * 0.5;
            x += linear * Math.cos(direction) - lateral * Math.sin(direction);
            y += linear * Math.sin(direction) + lateral * Math.cos(direction);
            heading += angular;
            return;
        }
        double before = heading;
        heading += angular;
        double forward = linear / angular;
        double sideways = lateral / angular;
        x += forward * (Math.sin(heading) - Math.sin(before)) + sideways * (Math.cos(heading) - Math.cos(before));
        y += -forward * (Math.cos(heading) - Math.cos(before)) + sideways * (Math.sin(heading) - Math.sin(before));
    }

    double x() {
        return x;
    }

    double y() {
        return y;
    }

    double heading() {
        return heading;
    }

    double linearSpeed() {
        return linearMean.mean();
    }

    double lateralSpeed() {
        return lateralMean.mean();
    }

    double angularSpeed() {
        return angularMean.mean();
    }

    /** As at load: not initialized, at the origin. */
    void clear() {
        initialized = false;
        x = 0;
        y = 0;
        heading = 0;
        java.util.Arrays.fill(old, 0);
        linearMean.clear();
        lateralMean.clear();
        angularMean.clear();
    }
}
