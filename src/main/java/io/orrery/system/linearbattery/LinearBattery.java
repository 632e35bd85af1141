package io.orrery.system.linearbattery;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * A battery as Gazebo's LinearBatteryPlugin models it: open-circuit voltage linear in the charge used
 * ({@code e0 + e1 (1 - q/c)}) less the internal resistance's drop, a current of the consumers' power over the last
 * voltage smoothed by a first-order filter of time constant {@code tau}, less a constant charging current ({@code c}
 * over the charging time) while charging below 90 %. The state of charge is {@code q/c} with {@code fix_issue_225};
 * without it, Gazebo's original running sum: each step takes the charge of the last 100 steps' currents off it
 * again. Mutable; the runner's thread.
 */
final class LinearBattery {

    /** Gazebo's window of the running sum without {@code fix_issue_225}. */
    private static final int WINDOW = 100;

    private final double e0;
    private final double e1;
    private final double capacity;
    private final double resistance;
    private final double initialCharge;
    private final double initialVoltage;
    private final double chargingTime;
    private final boolean fixIssue225;
    private double tau;

    private double charge;
    private double stateOfCharge;
    private double voltage;
    private double rawCurrent;
    private double smoothCurrent;
    private final ArrayDeque<double[]> window = new ArrayDeque<>();

    /**
     * @param e0 {@code open_circuit_voltage_constant_coef} (V)
     * @param e1 {@code open_circuit_voltage_linear_coef} (V)
     * @param capacity {@code capacity} (Ah), above 0
     * @param resistance {@code resistance} (Ω)
     * @param tau {@code smooth_current_tau} (s), above 0
     * @param initialCharge {@code initial_charge} (Ah), within 0 and the capacity
     * @param initialVoltage {@code voltage} (V), the voltage before the first step
     * @param chargingTime {@code charging_time} (h), above 0 when the battery recharges
     * @param fixIssue225 {@code fix_issue_225}
     */
    LinearBattery(
            double e0,
            double e1,
            double capacity,
            double resistance,
            double tau,
            double initialCharge,
            double initialVoltage,
            double chargingTime,
            boolean fixIssue225) {
        this.e0 = e0;
        this.e1 = e1;
        this.capacity = capacity;
        this.resistance = resistance;
        this.tau = tau;
        this.initialCharge = initialCharge;
        this.initialVoltage = initialVoltage;
        this.chargingTime = chargingTime;
        this.fixIssue225 = fixIssue225;
        reset();
    }

    /** As loaded: full to the initial charge, no current, the initial voltage. */
    void reset() {
        charge = initialCharge;
        stateOfCharge = initialCharge / capacity;
        voltage = initialVoltage;
        rawCurrent = 0;
        smoothCurrent = 0;
        window.clear();
    }

    /**
     * One step of {@code dt} s with the consumers drawing {@code power} W (counted only while {@code draining}) and
     * the charger on when {@code charging}: Gazebo's voltage update.
     */
    void step(double dt, double power, boolean draining, boolean charging) {
        if (tau < dt) {
            tau = dt; // Gazebo logs and takes the step as the time constant from then on
        }
        if (Math.abs(voltage) < 1e-3 && !charging) {
            voltage = 0;
            return;
        }
        if (stateOfCharge < 0 && !charging) {
            return; // flat: nothing changes until it charges
        }
        double k = dt / tau;
        rawCurrent = (draining ? power : 0.0) / voltage;
        if (charging && stateOfCharge < 0.9) {
            rawCurrent -= capacity / chargingTime;
        }
        smoothCurrent += k * (rawCurrent - smoothCurrent);
        if (!fixIssue225) {
            if (window.size() >= WINDOW) {
                window.removeFirst();
            }
            window.addLast(new double[] {smoothCurrent, dt});
        }
        charge -= dt * smoothCurrent / 3600.0;
        voltage = e0 + e1 * (1 - charge / capacity) - resistance * smoothCurrent;
        if (fixIssue225) {
            stateOfCharge = charge / capacity;
        } else {
            double sum = 0;
            for (Iterator<double[]> it = window.iterator(); it.hasNext(); ) {
                double[] sample = it.next();
                sum += sample[0] * sample[1] / 3600.0;
            }
            stateOfCharge -= sum / capacity;
        }
    }

    double voltage() {
        return voltage;
    }

    double current() {
        return smoothCurrent;
    }

    double charge() {
        return charge;
    }

    double capacity() {
        return capacity;
    }

    double stateOfCharge() {
        return stateOfCharge;
    }
}
