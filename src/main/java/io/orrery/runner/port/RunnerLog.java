package io.orrery.runner.port;

/**
 * The runner's one logger name: every room of the runner logs as {@code io.orrery.runner.SimulationRunner}, one name
 * for users to set a level on and to filter by.
 */
public final class RunnerLog {

    /** The logger name the runner's rooms share. */
    public static final String NAME = "io.orrery.runner.SimulationRunner";

    private RunnerLog() {}
}
