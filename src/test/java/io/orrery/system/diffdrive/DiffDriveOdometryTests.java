package io.orrery.system.diffdrive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DiffDriveOdometryTests {

    private static final double SEPARATION = 1.25;
    private static final double RADIUS = 0.3;
    private static final double DT = 0.001;

    @Test
    void equalWheelTravelIsAStraightLineAlongTheHeading() {
        DiffDriveOdometry odom = new DiffDriveOdometry(SEPARATION, RADIUS, RADIUS, DiffDriveOdometry.DEFAULT_WINDOW);
        odom.init(0);
        double wheelSpeed = 2; // rad/s
        for (int i = 1; i <= 1000; i++) {
            odom.update(wheelSpeed * i * DT, wheelSpeed * i * DT, i * DT);
        }
        assertThat(odom.x()).isCloseTo(wheelSpeed * RADIUS * 1.0, within(1e-9));
        assertThat(odom.y()).isZero();
        assertThat(odom.heading()).isZero();
        assertThat(odom.linearSpeed()).isCloseTo(wheelSpeed * RADIUS, within(1e-9));
    }

    @Test
    void constantUnequalTravelFollowsACircleOfRadiusLinearOverAngular() {
        DiffDriveOdometry odom = new DiffDriveOdometry(SEPARATION, RADIUS, RADIUS, DiffDriveOdometry.DEFAULT_WINDOW);
        odom.init(0);
        // v = 0.5 m/s, ω = 0.5 rad/s: a circle of radius 1 m about (0, 1); after π s, half of it.
        double v = 0.5;
        double w = 0.5;
        double left = (v - w * SEPARATION / 2) / RADIUS;
        double right = (v + w * SEPARATION / 2) / RADIUS;
        int steps = (int) Math.round(Math.PI / DT);
        for (int i = 1; i <= steps; i++) {
            odom.update(left * i * DT, right * i * DT, i * DT);
        }
        double t = steps * DT;
        // Exact integration: every increment lands on the circle, so only the rounding of π/dt remains.
        assertThat(odom.x()).isCloseTo(Math.sin(w * t), within(1e-9));
        assertThat(odom.y()).isCloseTo(1 - Math.cos(w * t), within(1e-9));
        assertThat(odom.heading()).isCloseTo(w * t, within(1e-9));
        assertThat(odom.angularSpeed()).isCloseTo(w, within(1e-9));
    }

    @Test
    void turningInPlaceChangesOnlyTheHeading() {
        DiffDriveOdometry odom = new DiffDriveOdometry(SEPARATION, RADIUS, RADIUS, DiffDriveOdometry.DEFAULT_WINDOW);
        odom.init(0);
        for (int i = 1; i <= 100; i++) {
            odom.update(-i * DT, i * DT, i * DT);
        }
        assertThat(odom.x()).isCloseTo(0, within(1e-12));
        assertThat(odom.y()).isCloseTo(0, within(1e-12));
        assertThat(odom.heading()).isCloseTo(2 * RADIUS * 0.1 / SEPARATION, within(1e-12));
    }

    @Test
    void theSpeedIsARollingMeanOverTheWindow() {
        DiffDriveOdometry odom = new DiffDriveOdometry(SEPARATION, RADIUS, RADIUS, 2);
        odom.init(0);
        odom.update(1, 1, 1); // 0.3 m/s
        odom.update(4, 4, 2); // 0.9 m/s
        odom.update(10, 10, 3); // 1.8 m/s
        assertThat(odom.linearSpeed()).isCloseTo((0.9 + 1.8) / 2, within(1e-12));
    }
}
