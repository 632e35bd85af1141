package io.orrery.system.ackermannsteering;

/**
 * AckermannSteering's dead reckoning, as Gazebo's does it: the distance is the mean travel of the two wheels since
 * the last update, the turn is that distance over the radius the mean steering angle gives, and the position
 * advances along the new heading. Speeds are the last update's, over the sim time since the one before (from zero
 * at first). Starts at the origin, heading 0. Runner thread only.
 */
final class Odometry2d {

    private double x;
    private double y;
    private double yaw;
    private double oldLeft;
    private double oldRight;
    private double lastTime;
    private double linearSpeed;
    private double angularSpeed;

    /**
     * Integrates the wheels' positions (rad) and the mean steering angle {@code phi} (rad) at {@code time} (s).
     */
    void update(double left, double right, double phi, double wheelBase, double wheelRadius, double time) {
        double radius = wheelBase / Math.tan(phi);
        double distance = 0.5 * wheelRadius * ((left - oldLeft) + (right - oldRight));
        double turn = distance / radius;
        yaw = Math.atan2(Math.sin(yaw + turn), Math.cos(yaw + turn));
        x += distance * Math.cos(yaw);
        y += distance * Math.sin(yaw);
        double dt = time - lastTime;
        linearSpeed = distance / dt;
        angularSpeed = turn / dt;
        lastTime = time;
        oldLeft = left;
        oldRight = right;
    }

    /** As at load. */
    void clear() {
        x = 0;
        y = 0;
        yaw = 0;
        oldLeft = 0;
        oldRight = 0;
        lastTime = 0;
        linearSpeed = 0;
        angularSpeed = 0;
    }

    double x() {
        return x;
    }

    double y() {
        return y;
    }

    double yaw() {
        return yaw;
    }

    double linearSpeed() {
        return linearSpeed;
    }

    double angularSpeed() {
        return angularSpeed;
    }
}
