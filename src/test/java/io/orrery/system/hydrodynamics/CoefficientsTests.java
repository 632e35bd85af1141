package io.orrery.system.hydrodynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * gz-sim's {@code src/systems/hydrodynamics/Hydrodynamics_TEST.cc} (the tests of its Coriolis and damping matrices)
 * re-expressed with its inputs and figures: {@code EXPECT_DOUBLE_EQ} as equality within 4 ulps, its {@code
 * EXPECT_NEAR} bounds as given. Not re-expressed: the tests of {@code buildFullCoriolisMatrix} and the correction
 * wrench, which serve {@code <fluid_added_mass>} (not simulated).
 */
class CoefficientsTests {

    static double[] diagonal(double... m) {
        double[] ma = new double[36];
        for (int i = 0; i < 6; i++) {
            ma[i * 6 + i] = m[i];
        }
        return ma;
    }

    static double at(double[] m, int i, int j) {
        return m[i * 6 + j];
    }

    static double[] times(double[] m, double[] v) {
        double[] out = new double[6];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                out[i] += m[i * 6 + j] * v[j];
            }
        }
        return out;
    }

    /** Eigen's isZero(1e-15), as the .cc checks a zero matrix or vector. */
    static void isZero(double[] m) {
        for (double x : m) {
            assertThat(x).isCloseTo(0, within(1e-15));
        }
    }

    /** gtest's EXPECT_DOUBLE_EQ: within 4 units in the last place. */
    static void doubleEq(double expected, double actual) {
        assertThat(actual).isCloseTo(expected, within(4 * Math.ulp(expected)));
    }

    @Test
    void coriolisMatrixKnownValues() {
        double[] c = Coefficients.coriolis(diagonal(-1, -2, -3, -4, -5, -6), new double[] {1, 2, 3, 4, 5, 6});
        double[][] expected = {
            {0, 0, 0, 0, 9, -4},
            {0, 0, 0, -9, 0, 1},
            {0, 0, 0, 4, -1, 0},
            {0, 9, -4, 0, 36, -25},
            {-9, 0, 1, -36, 0, 16},
            {4, -1, 0, 25, -16, 0}
        };
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                assertThat(at(c, i, j)).as("C(%d,%d)", i, j).isEqualTo(expected[i][j]);
            }
        }
    }

    @Test
    void coriolisMatrixIsSkewSymmetric() {
        double[] c = Coefficients.coriolis(
                diagonal(-4.876, -126.325, -126.325, 0.0, -33.46, -33.46),
                new double[] {1.5, -0.3, 0.7, 0.1, -0.2, 0.4});
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                assertThat(at(c, i, j) + at(c, j, i)).as("(%d,%d)", i, j).isCloseTo(0, within(1e-12));
            }
        }
    }

    @Test
    void coriolisMatrixConservesEnergy() {
        double[] ma = diagonal(-10, -20, -30, -5, -15, -25);
        double[][] states = {
            {1.0, 2.0, 3.0, 0.5, -1.0, 0.3}, {-0.7, 0.0, 1.2, -0.3, 0.8, -0.1}, {5.0, -3.0, 2.0, 1.0, -2.0, 4.0}
        };
        for (double[] v : states) {
            double[] cv = times(Coefficients.coriolis(ma, v), v);
            double energy = 0;
            for (int i = 0; i < 6; i++) {
                energy += v[i] * cv[i];
            }
            assertThat(energy).isCloseTo(0, within(1e-12));
        }
    }

    @Test
    void coriolisMatrixIsZeroWithoutVelocityOrAddedMass() {
        isZero(Coefficients.coriolis(diagonal(-4.876, -126.325, -126.325, 0.0, -33.46, -33.46), new double[6]));
        isZero(Coefficients.coriolis(new double[36], new double[] {1, 2, 3, 4, 5, 6}));
    }

    @Test
    void coriolisMatrixBugRegression() {
        double[] c =
                Coefficients.coriolis(diagonal(-3, -7, -13, -2, -5, -11), new double[] {0.5, 0.8, 1.2, 0.3, 0.6, 0.9});
        doubleEq(-7.0 * 0.8, at(c, 0, 5));
        doubleEq(-(-7.0) * 0.8, at(c, 5, 0));
        doubleEq(-at(c, 0, 5), at(c, 5, 0));
        assertThat(at(c, 0, 5)).isNotEqualTo(5.6);
        assertThat(at(c, 5, 0)).isNotEqualTo(-13.0 * 1.2);
    }

    @Test
    void coriolisForceDirectionIsMunksMoment() {
        double[] ma = diagonal(-5, -100, -100, 0, -10, -10);
        double[] state = {1.0, 0.5, 0, 0, 0, 0};
        double[] force = times(Coefficients.coriolis(ma, state), state);
        double yaw = -force[5];
        doubleEq(-47.5, yaw);
        doubleEq((at(ma, 1, 1) - at(ma, 0, 0)) * state[0] * state[1], yaw);
    }

    @Test
    void dampingLinearOnly() {
        double[] linear = new double[36];
        linear[0] = -5.0;
        linear[7] = -10.0;
        linear[14] = -3.0;
        double[] state = {2.0, 1.0, 3.0, 0, 0, 0};
        double[] d = Coefficients.damping(linear, new double[216], new double[216], state);
        doubleEq(5.0, at(d, 0, 0));
        doubleEq(10.0, at(d, 1, 1));
        doubleEq(3.0, at(d, 2, 2));
        assertThat(at(d, 3, 3)).isZero();
        assertThat(at(d, 4, 4)).isZero();
        assertThat(at(d, 5, 5)).isZero();
        assertThat(at(d, 0, 1)).isZero();
        assertThat(at(d, 1, 0)).isZero();
        double[] force = times(d, state);
        doubleEq(10.0, force[0]);
        doubleEq(10.0, force[1]);
        doubleEq(9.0, force[2]);
    }

    @Test
    void dampingQuadraticAbsAndVelocity() {
        double[] quadAbs = new double[216];
        quadAbs[0] = -6.2282;
        double[] d = Coefficients.damping(new double[36], quadAbs, new double[216], new double[] {2, 0, 0, 0, 0, 0});
        doubleEq(6.2282 * 2.0, at(d, 0, 0));
        doubleEq(6.2282 * 2.0 * 2.0, times(d, new double[] {2, 0, 0, 0, 0, 0})[0]);
        d = Coefficients.damping(new double[36], quadAbs, new double[216], new double[] {-2, 0, 0, 0, 0, 0});
        doubleEq(6.2282 * 2.0, at(d, 0, 0));

        double[] quad = new double[216];
        quad[0] = -94.2475;
        d = Coefficients.damping(new double[36], new double[216], quad, new double[] {2, 0, 0, 0, 0, 0});
        doubleEq(94.2475 * 2.0, at(d, 0, 0));
        d = Coefficients.damping(new double[36], new double[216], quad, new double[] {-2, 0, 0, 0, 0, 0});
        doubleEq(-94.2475 * 2.0, at(d, 0, 0));
    }

    @Test
    void dampingCrossTermCombinedAndZero() {
        double[] quad = new double[216];
        quad[1] = -5.0; // xUV
        double[] state = {1.0, 3.0, 0, 0, 0, 0};
        double[] d = Coefficients.damping(new double[36], new double[216], quad, state);
        doubleEq(15.0, at(d, 0, 0));
        doubleEq(15.0, times(d, state)[0]);

        isZero(Coefficients.damping(new double[36], new double[216], new double[216], new double[] {1, 2, 3, 4, 5, 6}));

        double[] linear = new double[36];
        linear[0] = -5.0;
        d = Coefficients.damping(linear, new double[216], new double[216], new double[6]);
        doubleEq(5.0, at(d, 0, 0));
        isZero(times(d, new double[6]));

        linear[0] = -0.2;
        double[] quadAbs = new double[216];
        quadAbs[0] = -6.2282;
        state = new double[] {2.0, 0, 0, 0, 0, 0};
        d = Coefficients.damping(linear, quadAbs, new double[216], state);
        doubleEq(0.2 + 6.2282 * 2.0, at(d, 0, 0));
        doubleEq((0.2 + 6.2282 * 2.0) * 2.0, times(d, state)[0]);
    }

    @Test
    void dampingTethysConfigAndSubUnitVelocities() {
        double[] quadAbs = new double[216];
        double[] values = {-6.2282, -601.27, -601.27, -0.1916, -632.698957, -632.698957};
        for (int i = 0; i < 6; i++) {
            quadAbs[i * 36 + i * 6 + i] = values[i];
        }
        double[] state = {1.0, 0.5, -0.3, 0.1, -0.05, 0.02};
        double[] d = Coefficients.damping(new double[36], quadAbs, new double[216], state);
        doubleEq(6.2282 * 1.0, at(d, 0, 0));
        doubleEq(601.27 * 0.5, at(d, 1, 1));
        doubleEq(601.27 * 0.3, at(d, 2, 2));
        doubleEq(0.1916 * 0.1, at(d, 3, 3));
        doubleEq(632.698957 * 0.05, at(d, 4, 4));
        doubleEq(632.698957 * 0.02, at(d, 5, 5));
        assertThat(at(d, 0, 1)).isZero();
        assertThat(at(d, 1, 0)).isZero();
        assertThat(at(d, 2, 3)).isZero();

        double[] sub = new double[216];
        sub[0] = -10.0;
        doubleEq(
                10.0 * 0.7,
                at(
                        Coefficients.damping(new double[36], sub, new double[216], new double[] {0.7, 0, 0, 0, 0, 0}),
                        0,
                        0));
        doubleEq(
                10.0 * 0.001,
                at(
                        Coefficients.damping(new double[36], sub, new double[216], new double[] {0.001, 0, 0, 0, 0, 0}),
                        0,
                        0));
    }
}
