package io.orrery.system.joints;

import io.orrery.system.control.Pid;
import io.orrery.system.gazebo.GazeboParameters;

/**
 * A PID's gains and limits as Gazebo's joint systems read them: {@code <p_gain>}, {@code <i_gain>},
 * {@code <d_gain>}, {@code <i_max>}, {@code <i_min>}, {@code <cmd_max>}, {@code <cmd_min>}, {@code <cmd_offset>}.
 */
public record PidGains(
        double p, double i, double d, double iMax, double iMin, double cmdMax, double cmdMin, double cmdOffset) {

    /** The gains in the element, each absent one taken from {@code defaults}. */
    public static PidGains read(GazeboParameters params, PidGains defaults) {
        return new PidGains(
                params.finite("p_gain", defaults.p),
                params.finite("i_gain", defaults.i),
                params.finite("d_gain", defaults.d),
                params.finite("i_max", defaults.iMax),
                params.finite("i_min", defaults.iMin),
                params.finite("cmd_max", defaults.cmdMax),
                params.finite("cmd_min", defaults.cmdMin),
                params.finite("cmd_offset", defaults.cmdOffset));
    }

    /** A new controller with these gains, its history empty. */
    public Pid newPid() {
        return new Pid(p, i, d, iMax, iMin, cmdMax, cmdMin, cmdOffset);
    }
}
