package io.orrery.ops;

import io.orrery.lifecycle.Outcome;
import io.orrery.runner.RunListener;
import io.orrery.runner.RunResult;
import io.orrery.runner.SimulationRunner;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * With {@code orrery.exit-on-stop}: once the simulation disconnects, the process exits with the outcome's code
 * (Cloe's: success 0, no-start 4, stopped 8, failure 9, aborted 16), after the application has shut down
 * gracefully. A SIGTERM during a run stops it (outcome stopped) and exits with 8 the same way.
 */
final class ExitOnStop implements RunListener {

    private final ConfigurableApplicationContext context;
    private final AtomicReference<RunResult> result = new AtomicReference<>();

    private ExitOnStop(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Registers the listener and the shutdown handler that sets the exit code. */
    static void install(SimulationRunner runner, ConfigurableApplicationContext context) {
        ExitOnStop exit = new ExitOnStop(context);
        runner.addListener(exit);
        // Runs after the context has closed, in the JVM's shutdown hook: the only place that can still choose
        // the exit status when the shutdown began with a signal.
        SpringApplication.getShutdownHandlers().add(exit::haltWithOutcome);
    }

    @Override
    public void onFinished(RunResult finished) {
        result.set(finished);
        if (finished.outcome() == Outcome.NO_START) {
            System.err.println("orrery: the simulation did not start: " + finished.message().orElse("unknown reason"));
        }
        Thread exiter = new Thread(() -> System.exit(SpringApplication.exit(context, () -> exitCode())),
                "orrery-exit");
        exiter.setDaemon(false);
        exiter.start();
    }

    private int exitCode() {
        RunResult r = result.get();
        return r == null ? Outcome.STOPPED.exitCode() : r.outcome().exitCode();
    }

    private void haltWithOutcome() {
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(exitCode());
    }
}
