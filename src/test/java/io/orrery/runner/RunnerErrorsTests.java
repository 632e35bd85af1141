package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.system.PreUpdate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * An {@link Error} on the runner thread (out of memory, a stack overflow, an engine's failed assertion) never takes
 * the service down silently: the run ends aborted, its reason and the log name the Error's class, and the run's
 * ending itself goes through when the Error comes from closing the world or from a run listener, so every listener
 * hears the outcome and {@link SimulationRunner#finished()} completes (a batch run never waits for ever to exit).
 * The Errors are real ones: an array the JVM cannot allocate, a recursion without end.
 */
class RunnerErrorsTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    private final Logger runnerLog = (Logger) LoggerFactory.getLogger(SimulationRunner.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void captureTheRunnersLog() {
        logged.start();
        runnerLog.addAppender(logged);
    }

    @AfterEach
    void releaseTheLog() {
        runnerLog.detachAppender(logged);
    }

    /** Really out of memory: more elements than the JVM allows in one array. */
    static long[] outOfMemory() {
        return new long[Integer.MAX_VALUE];
    }

    /** Really out of stack. */
    static int bottomless(int depth) {
        return bottomless(depth + 1) + 1;
    }

    /** A controller that throws {@code error} at step 20. */
    static PreUpdate failingAtStep20(Runnable error) {
        return (info, world) -> {
            if (info.iterations() == 20) {
                error.run();
            }
        };
    }

    @Test
    void outOfMemoryInAStepAbortsTheRunNamingIt() throws Exception {
        RunResult result = runWith(failingAtStep20(() -> outOfMemory()));

        assertAbortedNaming(result, "java.lang.OutOfMemoryError");
    }

    @Test
    void aStackOverflowInAStepAbortsTheRunNamingIt() throws Exception {
        RunResult result = runWith(failingAtStep20(() -> bottomless(0)));

        assertAbortedNaming(result, "java.lang.StackOverflowError");
    }

    @Test
    void anEnginesFailedAssertionInAStepAbortsTheRunNamingItAndTheSystem() throws Exception {
        // JBullet's own checks are assert statements; a failed one is an AssertionError without a message
        RunResult result = runWith(failingAtStep20(() -> {
            throw new AssertionError();
        }));

        assertAbortedNaming(result, "AssertionError");
        assertThat(result.message().orElseThrow()).contains("failed in PreUpdate");
    }

    @Test
    void aRunListenerThatThrowsAnErrorLeavesTheOthersToHearTheOutcomeAndTheRunEnds() throws Exception {
        SimulationRunner runner =
                fixture.start(fixture.worldWith(""), RunnerSettings.defaults().withStartPaused(true));
        CompletableFuture<RunResult> heard = new CompletableFuture<>();
        runner.addListener(new RunListener() {
            @Override
            public void onFinished(RunResult result) {
                outOfMemory(); // the report writer, say, out of memory
            }
        });
        runner.addListener(new RunListener() {
            @Override
            public void onFinished(RunResult result) {
                heard.complete(result);
            }
        });
        RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "pause");

        runner.control().stop();

        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);
        assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
        assertThat(heard.get(20, TimeUnit.SECONDS).outcome()).isEqualTo(Outcome.STOPPED);
        assertThat(errorsLogged())
                .anySatisfy(m -> assertThat(m).contains("A run listener failed", "java.lang.OutOfMemoryError"));
    }

    @Test
    void anErrorWhileTheWorldClosesIsNamedAndTheRunStillEndsWithItsOutcome() throws Exception {
        fixture.registry.register(spec -> new EndsOutOfMemory(), "test-ends-out-of-memory");
        SimulationRunner runner = fixture.start(
                fixture.worldWith("<plugin name=\"greedy\" filename=\"test-ends-out-of-memory\"/>"),
                RunnerSettings.defaults().withStartPaused(true));
        RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "pause");

        runner.control().stop();

        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);
        assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
        assertThat(runner.reads().currentState()).isEqualTo(SimState.DISCONNECT);
        assertThat(errorsLogged())
                .anySatisfy(m -> assertThat(m).contains("Closing the world", "java.lang.OutOfMemoryError"));
    }

    private RunResult runWith(PreUpdate system) throws Exception {
        fixture.system(system);
        SimulationRunner runner = fixture.start(fixture.worldWith(""), RunnerSettings.defaults());
        return runner.finished().get(30, TimeUnit.SECONDS);
    }

    private void assertAbortedNaming(RunResult result, String error) {
        assertThat(result.outcome()).isEqualTo(Outcome.ABORTED);
        assertThat(result.iterations()).isEqualTo(19);
        assertThat(result.message()).hasValueSatisfying(m -> assertThat(m).contains(error));
        assertThat(fixture.runner.reads().status().message())
                .hasValueSatisfying(m -> assertThat(m).contains(error));
        assertThat(errorsLogged()).anySatisfy(m -> assertThat(m).contains("Simulation aborted", error));
        assertThat(fixture.runner.reads().currentState()).isEqualTo(SimState.DISCONNECT);
    }

    private List<String> errorsLogged() {
        return logged.list.stream()
                .filter(e -> e.getLevel() == Level.ERROR)
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
    }

    /** A plugin whose end runs out of memory. */
    static final class EndsOutOfMemory implements Plugin {
        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) {}

        @Override
        public void end() {
            outOfMemory();
        }
    }
}
