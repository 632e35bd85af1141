package io.orrery.physics;

/**
 * Gymnasium's CartPole dynamics (gymnasium/envs/classic_control/cartpole.py, after Florian's corrected equations):
 * gravity 9.8, cart 1.0 kg, pole 0.1 kg, pole half-length 0.5 m, a uniform rod. State {x, x', theta, theta'}.
 */
final class CartPoleEquations {

    static final double GRAVITY = 9.8;
    static final double CART_MASS = 1.0;
    static final double POLE_MASS = 0.1;
    static final double HALF_LENGTH = 0.5;
    static final double TOTAL_MASS = CART_MASS + POLE_MASS;
    static final double POLE_MASS_LENGTH = POLE_MASS * HALF_LENGTH;

    private CartPoleEquations() {}

    /** {x'', theta''} in the state, the cart pushed with {@code force} newtons. */
    static double[] accelerations(double[] s, double force) {
        double cos = Math.cos(s[2]);
        double sin = Math.sin(s[2]);
        double temp = (force + POLE_MASS_LENGTH * s[3] * s[3] * sin) / TOTAL_MASS;
        double thetaAcc =
                (GRAVITY * sin - cos * temp) / (HALF_LENGTH * (4.0 / 3.0 - POLE_MASS * cos * cos / TOTAL_MASS));
        double xAcc = temp - POLE_MASS_LENGTH * thetaAcc * cos / TOTAL_MASS;
        return new double[] {xAcc, thetaAcc};
    }

    /** The part of {x'', theta''} that the pole's spin gives (the theta'-squared terms): all, less all at theta' = 0. */
    static double[] centripetalAccelerations(double[] s) {
        double[] all = accelerations(s, 0);
        double[] still = accelerations(new double[] {s[0], s[1], s[2], 0}, 0);
        return new double[] {all[0] - still[0], all[1] - still[1]};
    }

    /** CartPole's step with {@code kinematics_integrator="semi-implicit euler"}. */
    static double[] semiImplicitEuler(double[] s, double force, double tau) {
        double[] a = accelerations(s, force);
        double xDot = s[1] + tau * a[0];
        double thetaDot = s[3] + tau * a[1];
        return new double[] {s[0] + tau * xDot, xDot, s[2] + tau * thetaDot, thetaDot};
    }
}
