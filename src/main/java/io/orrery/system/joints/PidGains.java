package io.orrery.system.joints;

import io.orrery.system.control.Pid;

/**
 * A PID's gains and limits as Gazebo's joint systems read them: {@code <p_gain>}, {@code <i_gain>},
 * {@code <d_gain>}, {@code <i_max>}, {@code <i_min>}, {@code <cmd_max>}, {@code <cmd_min>}, {@code <cmd_offset>}.
 */
public record PidGains(double p, double i, double d, double iMax, double iMin, double cmdMax, double cmdMin,
        double cmdOffset) {

    /** The gains in the element, each absent one taken from {@code defaults}. */
    public static PidGains read(SystemParameters params, PidGains defaults) {
        return new PidGains(
                params.number("p_gain", defaults.p),
                params.number("i_gain", defaults.i),
                params.number("d_gain", defaults.d),
                params.number("i_max", defaults.iMax),
                params.number("i_min", defaults.iMin),
                params.number("cmd_max", defaults.cmdMax),
                params.number("cmd_min", defaults.cmdMin),
                params.number("cmd_offset", defaults.cmdOffset));
    }

    /** A new controller with these gains, its history empty. */
    public Pid newPid() {
        return new Pid(p, i, d, iMax, iMin, cmdMax, cmdMin, cmdOffset);
    }
}
