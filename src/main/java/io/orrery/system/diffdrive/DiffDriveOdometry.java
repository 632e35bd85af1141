package io.orrery.system.diffdrive;

import io.orrery.system.control.RollingMean;

/**
 * Dead reckoning from wheel positions, as gz-math's DiffDriveOdometry does: each update turns the wheels' travel
 * since the last into a linear and an angular increment, integrates the pose exactly on the arc (second-order
 * Runge-Kutta when the turn is below 1e-6 rad), and reports speeds as a rolling mean over the last updates.
 * The pose starts at the origin with heading 0 in the odometry frame. Runner thread only.
 */
public final class DiffDriveOdometry {

    /** gz-math's default rolling window for the speeds. */
    public static final int DEFAULT_WINDOW = 10;

    private final double separation;
    private final double leftRadius;
    private final double rightRadius;
    private final RollingMean linearMean;
    private final RollingMean angularMean;
    private boolean initialized;
    private double lastTime;
    private double leftOld;
    private double rightOld;
    private double x;
    private double y;
    private double heading;
    private double linearSpeed;
    private double angularSpeed;

    public DiffDriveOdometry(double separation, double leftRadius, double rightRadius, int window) {
        this.separation = separation;
        this.leftRadius = leftRadius;
        this.rightRadius = rightRadius;
        this.linearMean = new RollingMean(window);
        this.angularMean = new RollingMean(window);
    }

    /** Starts over at {@code time} (seconds): the origin, heading 0, no speed, wheel travel counted from 0. */
    public void init(double time) {
        clearSpeeds();
        x = 0;
        y = 0;
        heading = 0;
        linearSpeed = 0;
        angularSpeed = 0;
        leftOld = 0;
        rightOld = 0;
        lastTime = time;
        initialized = true;
    }

    public boolean isInitialized() {
        return initialized;
    }

    /** Forgets everything: the next update initialises again (a new episode). */
    public void clear() {
        initialized = false;
        clearSpeeds();
    }

    private void clearSpeeds() {
        linearMean.clear();
        angularMean.clear();
    }

    /**
     * Integrates the wheels' positions (radians) at {@code time} (seconds). Returns false when no time has passed
     * (the pose moves, the speeds do not).
     */
    public boolean update(double leftPosition, double rightPosition, double time) {
        double left = leftPosition * leftRadius;
        double right = rightPosition * rightRadius;
        double dl = left - leftOld;
        double dr = right - rightOld;
        leftOld = left;
        rightOld = right;
        double linear = (dr + dl) / 2;
        double angular = (dr - dl) / separation;
        integrate(linear, angular);
        double dt = time - lastTime;
        if (Math.abs(dt) < 1e-12) {
            return false;
        }
        lastTime = time;
        linearMean.push(linear / dt);
        angularMean.push(angular / dt);
        linearSpeed = linearMean.mean();
        angularSpeed = angularMean.mean();
        return true;
    }

    private void integrate(double linear, double angular) {
        if (Math.abs(angular) < 1e-6) {
            double direction = heading + angular / 2;
            x += linear * Math.cos(direction);
            y += linear * Math.sin(direction);
            heading += angular;
        } else {
            double before = heading;
            double radius = linear / angular;
            heading += angular;
            x += radius * (Math.sin(heading) - Math.sin(before));
            y -= radius * (Math.cos(heading) - Math.cos(before));
        }
    }

    public double x() {
        return x;
    }

    public double y() {
        return y;
    }

    /** The heading in radians, wrapped to (−π, π] as gz-math's Angle reports it. */
    public double heading() {
        return Math.atan2(Math.sin(heading), Math.cos(heading));
    }

    public double linearSpeed() {
        return linearSpeed;
    }

    public double angularSpeed() {
        return angularSpeed;
    }
}
