package io.orrery.system.thruster;

/**
 * A propeller's thrust against its spin, as Gazebo's Thruster relates them (Fossen, "Guidance and Control of Ocean
 * Vehicles", p. 246): thrust = ρ K d⁴ |ω| ω. Without a fixed {@code <thrust_coefficient>} K follows the advance of
 * the propeller through the water: K = α₁ + α₂ (1 − w) v / (ω d), updated whenever the propeller turns. Runner
 * thread only.
 */
final class Propeller {

    private final double density;
    private final double diameter;
    private final boolean coefficientFixed;
    private final double alpha1;
    private final double alpha2;
    private final double wakeFraction;
    private double coefficient;

    Propeller(
            double density,
            double diameter,
            double coefficient,
            boolean coefficientFixed,
            double alpha1,
            double alpha2,
            double wakeFraction) {
        this.density = density;
        this.diameter = diameter;
        this.coefficient = coefficient;
        this.coefficientFixed = coefficientFixed;
        this.alpha1 = alpha1;
        this.alpha2 = alpha2;
        this.wakeFraction = wakeFraction;
    }

    /**
     * The spin (rad/s) that gives {@code thrust} (N), with its sign; the coefficient first follows the advance when it
     * is not fixed and the propeller turns ({@code spin}, rad/s, at {@code speed}, m/s), as Gazebo updates it.
     */
    double spinFor(double thrust, double spin, double speed) {
        if (!coefficientFixed && Math.abs(spin) > Math.ulp(1.0)) {
            coefficient = alpha1 + alpha2 * ((1 - wakeFraction) * speed) / (spin * diameter);
        }
        double omega = Math.sqrt(Math.abs(thrust / (density * coefficient * Math.pow(diameter, 4))));
        return thrust * coefficient > 0 ? omega : -omega;
    }

    /** The thrust (N) of a propeller turning at {@code spin} rad/s. */
    double thrustAt(double spin) {
        return coefficient * Math.pow(diameter, 4) * Math.abs(spin) * spin * density;
    }
}
