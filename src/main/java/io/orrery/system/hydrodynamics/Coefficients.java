package io.orrery.system.hydrodynamics;

import io.orrery.system.gazebo.GazeboParameters;

/**
 * A vehicle's hydrodynamic derivatives in SNAME (1950) notation, as Gazebo's Hydrodynamics reads them: forces and
 * moments {@code x y z k m n} against the body-frame velocities {@code U V W P Q R}. Linear damping {@code <xU>}, the
 * quadratic damping {@code <xUabsU>} (times |U|) and its older form {@code <xUU>} (times U), and added mass
 * {@code <xDotU>}, each for every pair (and triple) of axes, 0 when absent. {@link #wrench} is Fossen's sum as Gazebo
 * computes it, sign conventions included: the derivatives are taken as given, so a damping derivative opposes motion
 * when it is negative (Fossen's convention), and the added mass term is {@code +Ma v̇}.
 */
final class Coefficients {

    static final String FORCES = "xyzkmn";
    static final String VELOCITIES = "UVWPQR";

    private final double[] linear = new double[36];
    private final double[] quadraticAbs = new double[216];
    private final double[] quadratic = new double[216];
    private final double[] addedMass = new double[36];
    private final boolean legacyQuadratic;
    private final boolean addedMassGiven;

    private Coefficients(GazeboParameters params) {
        boolean legacy = false;
        boolean mass = false;
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                String prefix = "" + FORCES.charAt(i) + VELOCITIES.charAt(j);
                linear[i * 6 + j] = params.finite(prefix, 0);
                for (int k = 0; k < 6; k++) {
                    String name = prefix + VELOCITIES.charAt(k);
                    quadratic[i * 36 + j * 6 + k] = params.finite(name, 0);
                    legacy |= params.has(name);
                    quadraticAbs[i * 36 + j * 6 + k] = params.finite(prefix + "abs" + VELOCITIES.charAt(k), 0);
                }
                double m = params.finite("" + FORCES.charAt(i) + "Dot" + VELOCITIES.charAt(j), 0);
                addedMass[i * 6 + j] = m;
                // Gazebo's threshold for "added mass parameters are in use"
                mass |= Math.abs(m) > 1e-6;
            }
        }
        legacyQuadratic = legacy;
        addedMassGiven = mass;
    }

    /** The derivatives the plugin's parameters give. */
    static Coefficients of(GazeboParameters params) {
        return new Coefficients(params);
    }

    /** True when a {@code <xUU>}-style (unsigned quadratic) derivative is given; Gazebo warns of instability. */
    boolean legacyQuadratic() {
        return legacyQuadratic;
    }

    /** True when an added mass derivative is non-zero. */
    boolean addedMassGiven() {
        return addedMassGiven;
    }

    /**
     * The hydrodynamic wrench on the body, in its own frame ({@code fx fy fz tx ty tz}), at body-frame velocity
     * {@code state} relative to the water and its rate of change {@code stateDot}: added mass, Coriolis (from the
     * diagonal of the added mass, Fossen 2011 eq. 6.43) and damping, each as Gazebo sums them.
     */
    double[] wrench(double[] state, double[] stateDot, boolean withAddedMass, boolean withCoriolis) {
        // Gazebo accumulates the negated wrench and applies its opposite; kept in that form so each term reads as there
        double[] total = new double[6];
        if (withAddedMass) {
            for (int i = 0; i < 6; i++) {
                for (int j = 0; j < 6; j++) {
                    total[i] -= addedMass[i * 6 + j] * stateDot[j];
                }
            }
        }
        if (withCoriolis) {
            double[] c = coriolis(addedMass, state);
            for (int i = 0; i < 6; i++) {
                for (int j = 0; j < 6; j++) {
                    total[i] -= c[i * 6 + j] * state[j];
                }
            }
        }
        double[] d = damping(linear, quadraticAbs, quadratic, state);
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                total[i] += d[i * 6 + j] * state[j];
            }
        }
        for (int i = 0; i < 6; i++) {
            total[i] = -total[i];
        }
        return total;
    }

    /**
     * Gazebo's damping matrix (row-major 6×6): {@code D(i,j) = -linear(i,j) - Σk quadraticAbs(i,j,k) |s(k)| -
     * quadratic(i,j,k) s(k)}, the damping wrench being {@code D s}.
     */
    static double[] damping(double[] linear, double[] quadraticAbs, double[] quadratic, double[] s) {
        double[] d = new double[36];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                double coefficient = -linear[i * 6 + j];
                for (int k = 0; k < 6; k++) {
                    int index = i * 36 + j * 6 + k;
                    coefficient -= quadraticAbs[index] * Math.abs(s[k]);
                    coefficient -= quadratic[index] * s[k];
                }
                d[i * 6 + j] = coefficient;
            }
        }
        return d;
    }

    /**
     * Gazebo's Coriolis matrix (row-major 6×6, {@code -C_A} of Fossen 2011 eq. 6.43, skew-symmetric) from the
     * diagonal of the added mass {@code addedMass} (row-major 6×6) at body velocity {@code s}.
     */
    static double[] coriolis(double[] addedMass, double[] s) {
        double xu = addedMass[0];
        double yv = addedMass[7];
        double zw = addedMass[14];
        double kp = addedMass[21];
        double mq = addedMass[28];
        double nr = addedMass[35];
        double[] c = new double[36];
        c[4] = -zw * s[2];
        c[5] = yv * s[1];
        c[6 + 3] = zw * s[2];
        c[6 + 5] = -xu * s[0];
        c[12 + 3] = -yv * s[1];
        c[12 + 4] = xu * s[0];
        c[18 + 1] = -zw * s[2];
        c[18 + 2] = yv * s[1];
        c[18 + 4] = -nr * s[5];
        c[18 + 5] = mq * s[4];
        c[24] = zw * s[2];
        c[24 + 2] = -xu * s[0];
        c[24 + 3] = nr * s[5];
        c[24 + 5] = -kp * s[3];
        c[30] = -yv * s[1];
        c[30 + 1] = xu * s[0];
        c[30 + 3] = -mq * s[4];
        c[30 + 4] = kp * s[3];
        return c;
    }
}
