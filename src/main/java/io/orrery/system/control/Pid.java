package io.orrery.system.control;

/**
 * A PID controller with gz-math's conventions, which Gazebo's joint controllers rely on: the error is
 * {@code actual - target} and the command is {@code offset - p·e - I - d·ė}; the integral term accumulates
 * {@code i·e·dt} and is clamped to [iMin, iMax] when iMax ≥ iMin; the command is clamped to [cmdMin, cmdMax]
 * when cmdMax ≥ cmdMin. A zero step or a non-finite error commands 0 and changes nothing. Runner thread only.
 */
public final class Pid {

    private final double p;
    private final double i;
    private final double d;
    private final double iMax;
    private final double iMin;
    private final double cmdMax;
    private final double cmdMin;
    private final double cmdOffset;
    private double lastError;
    private double integral;
    private double command;

    /** A controller with these gains and limits (Gazebo's parameter order). */
    public Pid(double p, double i, double d, double iMax, double iMin, double cmdMax, double cmdMin, double cmdOffset) {
        this.p = p;
        this.i = i;
        this.d = d;
        this.iMax = iMax;
        this.iMin = iMin;
        this.cmdMax = cmdMax;
        this.cmdMin = cmdMin;
        this.cmdOffset = cmdOffset;
    }

    /** The command for {@code error} (actual − target) after a step of {@code dt} seconds. */
    public double update(double error, double dt) {
        if (dt == 0 || !Double.isFinite(error)) {
            return 0;
        }
        double rate = (error - lastError) / dt;
        integral += i * dt * error;
        if (iMax >= iMin) {
            integral = SpeedLimiter.clamp(integral, iMin, iMax);
        }
        lastError = error;
        command = cmdOffset - p * error - integral - d * rate;
        if (cmdMax >= cmdMin) {
            command = SpeedLimiter.clamp(command, cmdMin, cmdMax);
        }
        return command;
    }

    /** The last command. */
    public double command() {
        return command;
    }

    /** The integral term now. */
    public double integral() {
        return integral;
    }

    /** Forgets the history: a new episode starts as the first did. */
    public void reset() {
        lastError = 0;
        integral = 0;
        command = 0;
    }
}
