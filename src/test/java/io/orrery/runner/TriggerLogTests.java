package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.orrery.event.Events;
import io.orrery.runner.pacing.FakeClock;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerSpec;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * What triggers write to the log is bounded: 100 sticky {@code loop} triggers with a 2 KB message, within
 * {@code orrery.api.max-triggers}, wrote every firing (about 200 MB a second); and a newline in a message forged a
 * line of its own. The runner's clock is a fake one that only the test moves, so nothing here depends on timing.
 */
class TriggerLogTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    private final Logger runnerLog = (Logger) LoggerFactory.getLogger(SimulationRunner.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final FakeClock clock = new FakeClock(1_000_000_000L);
    private final AtomicLong firings = new AtomicLong();

    @BeforeEach
    void captureTheRunnersLog() {
        logged.start();
        runnerLog.addAppender(logged);
        fixture.customize = b -> b.time(clock, clock).events((event, payload) -> {
            if (Events.TRIGGER.equals(event)) {
                firings.incrementAndGet();
            }
        });
    }

    @AfterEach
    void releaseTheLog() {
        runnerLog.detachAppender(logged);
    }

    private List<String> triggerLines() {
        synchronized (logged) { // the appender appends under its own lock
            return logged.list.stream()
                    .map(ILoggingEvent::getFormattedMessage)
                    .filter(m -> m.startsWith("trigger"))
                    .toList();
        }
    }

    @Test
    void loopTriggersThatLogAreRateLimitedAndSayHowManyLinesWereLeftOut() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        String padding = "x".repeat(2000);
        for (int i = 0; i < 100; i++) {
            runner.reads()
                    .triggers()
                    .add(new TriggerSpec("flood-" + i, "loop", "log=info: flood " + i + " " + padding, true)
                            .parse(Trigger.SOURCE_API));
        }

        // Each paused cycle fires all 100: 20 cycles with the clock standing still.
        RunnerFixture.await(() -> firings.get() >= 2000, "2,000 firings");
        int shown = triggerLines().size();
        // docs/limits.md: at most 50 trigger lines at once, then 10 a second for all triggers together
        assertThat(shown).as("trigger lines for %d firings", firings.get()).isBetween(1, 50);

        clock.advance(10_000_000_000L); // ten seconds later: room again, and the next line says what was left out
        RunnerFixture.await(() -> triggerLines().size() > shown, "a trigger line after ten seconds");
        assertThat(triggerLines().subList(shown, triggerLines().size()))
                .anySatisfy(
                        line -> assertThat(line).containsPattern("\\(\\d+ more lines? of this trigger left out\\)"));
        assertThat(triggerLines()).allSatisfy(line -> assertThat(line.length()).isLessThan(1200));
    }

    @Test
    void aNewlineInALoggedMessageCannotForgeALine() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);

        runner.reads()
                .triggers()
                .add(new TriggerSpec(
                                "forger",
                                "pause",
                                "log=warn: all fine\n2026-11-28T10:00:00.000Z ERROR 1 --- [main] forged\r\u2028 line",
                                false)
                        .parse(Trigger.SOURCE_API));

        RunnerFixture.await(() -> !triggerLines().isEmpty(), "the trigger's line");
        assertThat(triggerLines().get(0))
                .doesNotContain("\n", "\r", "\u2028")
                .contains("all fine\\n2026-11-28T10:00:00.000Z ERROR 1 --- [main] forged\\r\\u2028 line");
    }

    /** Names from a world file reach the log escaped too: a world, a plugin and a model named with a line break. */
    @Test
    void namesFromAWorldFileCannotForgeALine() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger("io.orrery");
        ListAppender<ILoggingEvent> all = new ListAppender<>();
        all.start();
        root.addAppender(all);
        try {
            java.nio.file.Path world = fixture.worldWith("<plugin name=\"p&#10;forged plugin\" filename=\"nope\"/>");
            java.nio.file.Files.writeString(
                    world,
                    java.nio.file.Files.readString(world)
                            .replace("<world name=\"lifecycle\">", "<world name=\"lifecycle&#10;forged world\">")
                            .replace("<model name=\"ball\">", "<model name=\"ball&#13;&#10;forged model\">"));
            SimulationRunner runner = fixture.startPaused(world);
            assertThat(runner.reads().status().paused()).isTrue();
        } finally {
            root.detachAppender(all);
        }
        synchronized (all) {
            assertThat(all.list)
                    .isNotEmpty()
                    .allSatisfy(e -> assertThat(e.getFormattedMessage()).doesNotContainPattern("[\\r\\n]forged"));
            assertThat(all.list)
                    .anySatisfy(e -> assertThat(e.getFormattedMessage()).contains("lifecycle\\nforged world"));
        }
    }
}
