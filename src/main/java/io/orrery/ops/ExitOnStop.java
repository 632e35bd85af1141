package io.orrery.ops;

import io.orrery.lifecycle.Outcome;
import io.orrery.log.LogSafe;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunResult;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * With {@code orrery.exit-on-stop}: once the simulation disconnects, the process exits with the outcome's code
 * (Cloe's: success 0, no-start 4, stopped 8, failure 9, aborted 16), after the application has shut down
 * gracefully. A SIGTERM during a run stops it (outcome stopped) and exits with 8 the same way.
 *
 * <p>When {@code orrery.report} is set and the report could not be written, the process exits with
 * {@value #REPORT_LOST} whatever the outcome: a batch run whose result is lost must not look like a success, nor
 * like an outcome the report would have told. 32 is the next of the bits Cloe's codes are built from (4, 8, 16;
 * failure is 8 + 1), so it reads as none of them nor as a combination; it is not 1 or 2 (the JVM's and
 * Spring Boot's own failures, and the shell's), and lies in the 3 to 125 that Cloe keeps clear of shell codes.
 */
final class ExitOnStop implements RunListener {

    /** The exit code when the run's report could not be written. */
    static final int REPORT_LOST = 32;

    private final ConfigurableApplicationContext context;
    private final Optional<RunReportWriter> report;
    private final AtomicReference<RunResult> result = new AtomicReference<>();

    private ExitOnStop(ConfigurableApplicationContext context, Optional<RunReportWriter> report) {
        this.context = context;
        this.report = report;
    }

    /**
     * Registers the listener and the shutdown handler that sets the exit code. The report's writer, if any, must
     * have been added to the runner before, so that it has written (or failed to) when the code is chosen.
     */
    static void install(
            SimulationRunner runner, ConfigurableApplicationContext context, Optional<RunReportWriter> report) {
        ExitOnStop exit = new ExitOnStop(context, report);
        runner.addListener(exit);
        // Runs after the context has closed, in the JVM's shutdown hook: the only place that can still choose
        // the exit status when the shutdown began with a signal.
        SpringApplication.getShutdownHandlers().add(exit::haltWithOutcome);
    }

    @Override
    public void onFinished(RunResult finished) {
        result.set(finished);
        if (finished.outcome() == Outcome.NO_START) {
            System.err.println("orrery: the simulation did not start: "
                    + LogSafe.text(finished.message().orElse("unknown reason")));
        }
        reportFailure().ifPresent(why -> System.err.println("orrery: " + why + "; exiting with " + REPORT_LOST));
        Thread exiter = new Thread(() -> System.exit(SpringApplication.exit(context, () -> exitCode())), "orrery-exit");
        exiter.setDaemon(false);
        exiter.start();
    }

    private Optional<String> reportFailure() {
        return report.flatMap(RunReportWriter::failure);
    }

    private int exitCode() {
        if (reportFailure().isPresent()) {
            return REPORT_LOST;
        }
        RunResult r = result.get();
        return r == null ? Outcome.STOPPED.exitCode() : r.outcome().exitCode();
    }

    private void haltWithOutcome() {
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(exitCode());
    }
}
