package io.orrery.system.linearbattery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Gazebo's linear battery, one step worked by hand from battery.sdf's numbers. */
class LinearBatteryTests {

    static final double E0 = 12.694;
    static final double E1 = -3.1424;
    static final double C = 1.2009;
    static final double R = 0.061523;
    static final double TAU = 1.9499;
    static final double V0 = 12.592;
    static final double DT = 0.001;
    static final double P = 500;

    @Test
    void oneStepOfDrainAsGazeboComputesIt() {
        LinearBattery b = new LinearBattery(E0, E1, C, R, TAU, C, V0, 0, true);
        b.step(DT, P, true, false);
        double current = DT / TAU * (P / V0);
        double q = C - DT * current / 3600;
        assertThat(b.current()).isCloseTo(current, within(1e-15));
        assertThat(b.charge()).isCloseTo(q, within(1e-15));
        assertThat(b.voltage()).isCloseTo(E0 + E1 * (1 - q / C) - R * current, within(1e-12));
        assertThat(b.stateOfCharge()).isCloseTo(q / C, within(1e-15));
        // the next step divides the power by the voltage just computed
        double v1 = b.voltage();
        b.step(DT, P, true, false);
        assertThat(b.current()).isCloseTo(current + DT / TAU * (P / v1 - current), within(1e-15));
    }

    @Test
    void withoutTheFixTheStateOfChargeTakesTheWindowsSumEachStep() {
        LinearBattery b = new LinearBattery(E0, E1, C, R, TAU, C, V0, 0, false);
        b.step(DT, P, true, false);
        double i1 = b.current();
        b.step(DT, P, true, false);
        double i2 = b.current();
        // step 1 takes i1 dt; step 2 takes (i1 + i2) dt again, as Gazebo's running sum over the last 100 steps
        double expected = 1 - (i1 * DT / 3600) / C - ((i1 + i2) * DT / 3600) / C;
        assertThat(b.stateOfCharge()).isCloseTo(expected, within(1e-15));
        b.reset();
        assertThat(b.stateOfCharge()).isEqualTo(1.0);
        assertThat(b.voltage()).isEqualTo(V0);
    }

    @Test
    void chargesOnlyBelowNinetyPercent() {
        LinearBattery full = new LinearBattery(E0, E1, C, R, TAU, C, V0, 1, true);
        full.step(DT, 0, false, true);
        assertThat(full.current()).isZero(); // above 90 %: no charging current
        LinearBattery half = new LinearBattery(E0, E1, C, R, TAU, C / 2, V0, 1, true);
        half.step(DT, 0, false, true);
        assertThat(half.current()).isCloseTo(-DT / TAU * C, within(1e-15));
        assertThat(half.charge()).isGreaterThan(C / 2);
    }
}
