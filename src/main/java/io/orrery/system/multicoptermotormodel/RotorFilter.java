package io.orrery.system.multicoptermotormodel;

/**
 * The first-order lag a rotor's speed follows its reference through, as RotorS and Gazebo discretise it (zero-order
 * hold): x ← α x + (1 − α) u with α = exp(−dt/τ), τ the rise time constant while the reference is above the speed and
 * the fall one otherwise. Runner thread only.
 */
final class RotorFilter {

    private final double timeConstantUp;
    private final double timeConstantDown;
    private double state;

    RotorFilter(double timeConstantUp, double timeConstantDown) {
        this.timeConstantUp = timeConstantUp;
        this.timeConstantDown = timeConstantDown;
    }

    /** The filtered speed after {@code dt} seconds towards {@code reference}. */
    double update(double reference, double dt) {
        double alpha = Math.exp(-dt / (reference > state ? timeConstantUp : timeConstantDown));
        state = alpha * state + (1 - alpha) * reference;
        return state;
    }

    void reset() {
        state = 0;
    }
}
