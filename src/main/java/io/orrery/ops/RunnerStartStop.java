package io.orrery.ops;

import io.orrery.runner.SimulationRunner;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the runner with the application and stops it gracefully: a stop request (outcome stopped), then a wait
 * until the run has ended and its report is written. Runs in the last phase, so the simulation starts after
 * and stops before the web server.
 */
final class RunnerStartStop implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RunnerStartStop.class);

    /** How long a graceful stop waits for the runner to end. */
    static final long STOP_TIMEOUT_SECONDS = 20;

    private final SimulationRunner runner;
    private volatile boolean started;

    RunnerStartStop(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public void start() {
        runner.start();
        started = true;
    }

    @Override
    public void stop() {
        if (!started) {
            return;
        }
        started = false;
        runner.control().stop();
        try {
            runner.finished().get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            log.warn("The simulation did not stop within {} s", STOP_TIMEOUT_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.warn("The simulation ended with an error while stopping", e);
        }
    }

    @Override
    public boolean isRunning() {
        return started;
    }
}
