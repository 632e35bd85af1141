package io.orrery.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TriggerRegistryTests {

    private static final long DT = 1_000_000L; // 1 ms in ns

    private final TickingClock clock = new TickingClock();
    private final TriggerRegistry registry = new TriggerRegistry(1000, clock);

    @Test
    void timeTriggerFiresAtTheFirstStepAtOrAfterItsTime() {
        registry.add(trigger("time=10.5", "stop", false, "config"));

        List<Long> firedAtStep = new ArrayList<>();
        for (long step = 1; step <= 20_000; step++) {
            if (!registry.onStep(step * DT).isEmpty()) {
                firedAtStep.add(step);
            }
        }

        assertThat(firedAtStep).containsExactly(10_500L);
        assertThat(registry.history())
                .singleElement()
                .satisfies(f -> assertThat(f.simTimeNanos()).isEqualTo(10_500_000_000L));
    }

    @Test
    void timeBetweenStepsFiresAtTheFollowingStep() {
        registry.add(trigger("time=0.0105", "stop", false, "api"));

        long firedAt = -1;
        for (long step = 0; step <= 100 && firedAt < 0; step++) {
            if (!registry.onStep(step * DT).isEmpty()) {
                firedAt = step;
            }
        }

        assertThat(firedAt).isEqualTo(11);
    }

    @Test
    void aTimeAlreadyPassedFiresAtTheNextStep() {
        registry.onStep(5_000 * DT);
        registry.add(trigger("time=1", "pause", false, "api"));

        assertThat(registry.onStep(5_001 * DT)).containsExactly(action("pause"));
        assertThat(registry.onStep(5_002 * DT)).isEmpty();
    }

    @Test
    void aStickyTimeTriggerFiresOncePerRunNotAtEveryLaterStep() {
        registry.add(trigger("time=0.002", "log=info: two ms", true, "api"));

        int fired = 0;
        for (long step = 1; step <= 10; step++) {
            fired += registry.onStep(step * DT).size();
        }

        assertThat(fired).isEqualTo(1);
        assertThat(registry.list()).isEmpty(); // disarmed until the next reset
    }

    @Test
    void nonStickyLifecycleTriggerFiresOnceAndLeavesTheList() {
        Trigger t = trigger("pause", "log=info: paused", false, "api");
        registry.add(t);
        assertThat(registry.list()).containsExactly(t);

        assertThat(registry.onLifecycle(LifecycleEventKind.PAUSE)).containsExactly(action("log=info: paused"));
        assertThat(registry.onLifecycle(LifecycleEventKind.PAUSE)).isEmpty();
        assertThat(registry.list()).isEmpty();
    }

    @Test
    void stickyLifecycleTriggerFiresEveryTime() {
        Trigger t = trigger("resume", "realtime_factor=1", true, "api");
        registry.add(t);

        for (int i = 0; i < 3; i++) {
            assertThat(registry.onLifecycle(LifecycleEventKind.RESUME)).containsExactly(action("realtime_factor=1"));
        }
        assertThat(registry.list()).containsExactly(t);
        assertThat(registry.history()).hasSize(3);
    }

    @Test
    void lifecycleTriggersOnlyFireForTheirKindAndNeverOnSteps() {
        for (LifecycleEventKind kind : LifecycleEventKind.values()) {
            registry.add(trigger(kind.eventName(), "log=info: " + kind.eventName(), true, "api"));
        }

        assertThat(registry.onStep(DT)).isEmpty();
        for (LifecycleEventKind kind : LifecycleEventKind.values()) {
            assertThat(registry.onLifecycle(kind))
                    .as("on %s", kind)
                    .containsExactly(action("log=info: " + kind.eventName()));
        }
    }

    @Test
    void stepTriggersNeverFireOnLifecycleChanges() {
        registry.add(trigger("time=0", "stop", false, "api"));
        registry.add(trigger("next", "stop", false, "api"));
        registry.add(trigger("loop", "stop", false, "api"));

        for (LifecycleEventKind kind : LifecycleEventKind.values()) {
            assertThat(registry.onLifecycle(kind)).isEmpty();
        }
        assertThat(registry.onStep(0)).hasSize(3);
    }

    @Test
    void nextFiresAtTheNextStepOnly() {
        registry.onStep(DT);
        registry.add(trigger("next", "pause", false, "api"));

        assertThat(registry.onStep(2 * DT)).containsExactly(action("pause"));
        assertThat(registry.onStep(3 * DT)).isEmpty();
        assertThat(registry.list()).isEmpty();

        registry.add(trigger("next", "resume", false, "api"));
        assertThat(registry.onStep(4 * DT)).containsExactly(action("resume"));
        assertThat(registry.history()).extracting(FiredTrigger::simTimeNanos).containsExactly(2 * DT, 4 * DT);
    }

    @Test
    void stickyNextFiresAtEveryStep() {
        registry.add(trigger("next", "log=debug: step", true, "api"));

        for (long step = 1; step <= 5; step++) {
            assertThat(registry.onStep(step * DT)).hasSize(1);
        }
    }

    @Test
    void loopFiresAtEveryStepEvenWhenNotMarkedSticky() {
        Trigger loop = trigger("loop", "log=trace: tick", false, "api");
        registry.add(loop);

        for (long step = 1; step <= 100; step++) {
            assertThat(registry.onStep(step * DT)).containsExactly(action("log=trace: tick"));
        }
        assertThat(registry.list()).containsExactly(loop);
        assertThat(registry.history()).hasSize(100);
    }

    @Test
    void actionsFiredTogetherComeBackInInsertionOrder() {
        registry.add(trigger("loop", "log=info: first", false, "api"));
        registry.add(trigger("time=0.001", "log=info: second", false, "api"));
        registry.add(trigger("next", "log=info: third", false, "api"));
        registry.add(trigger("time=0.005", "log=info: not yet", false, "api"));
        registry.add(trigger("time=0", "log=info: fourth", false, "api"));

        assertThat(registry.onStep(DT))
                .containsExactly(
                        action("log=info: first"),
                        action("log=info: second"),
                        action("log=info: third"),
                        action("log=info: fourth"));
        assertThat(registry.history())
                .extracting(f -> f.action().form())
                .containsExactly("log=info: first", "log=info: second", "log=info: third", "log=info: fourth");
    }

    @Test
    void historyRecordsLabelEventActionSimTimeAndWallTime() {
        registry.add(new TriggerSpec("finish", "time=0.003", "succeed", null).parse("config"));
        registry.add(trigger("stop", "log=warn: stopped", false, "api"));

        for (long step = 1; step <= 4; step++) {
            registry.onStep(step * DT);
        }
        registry.onLifecycle(LifecycleEventKind.STOP);

        assertThat(registry.history())
                .containsExactly(
                        new FiredTrigger(
                                "finish",
                                TriggerEvent.parse("time=0.003"),
                                action("succeed"),
                                3 * DT,
                                TickingClock.START.plusSeconds(1)),
                        new FiredTrigger(
                                null,
                                TriggerEvent.parse("stop"),
                                action("log=warn: stopped"),
                                4 * DT,
                                TickingClock.START.plusSeconds(2)));
    }

    @Test
    void historyIsBoundedAndKeepsTheMostRecentInOrder() {
        TriggerRegistry small = new TriggerRegistry(5, clock);
        small.add(trigger("loop", "log=info: tick", false, "api"));

        for (long step = 1; step <= 12; step++) {
            small.onStep(step * DT);
        }

        assertThat(small.historyLimit()).isEqualTo(5);
        assertThat(small.history())
                .extracting(FiredTrigger::simTimeNanos)
                .containsExactly(8 * DT, 9 * DT, 10 * DT, 11 * DT, 12 * DT);
    }

    @Test
    void defaultHistoryKeepsTheLastThousand() {
        TriggerRegistry r = new TriggerRegistry();
        r.add(trigger("loop", "log=info: tick", false, "api"));
        for (long step = 1; step <= 1500; step++) {
            r.onStep(step * DT);
        }
        List<FiredTrigger> history = r.history();
        assertThat(history).hasSize(TriggerRegistry.DEFAULT_HISTORY_LIMIT);
        assertThat(history.get(0).simTimeNanos()).isEqualTo(501 * DT);
        assertThat(history.get(999).simTimeNanos()).isEqualTo(1500 * DT);
    }

    @Test
    void resetRearmsConfiguredAndStickyTimeTriggersOnly() {
        registry.add(trigger("time=0.002", "log=info: configured", false, "config"));
        registry.add(trigger("time=0.002", "log=info: sticky api", true, "api"));
        registry.add(trigger("time=0.002", "log=info: one-off api", false, "api"));
        registry.add(trigger("time=0.008", "log=info: api, later", false, "api"));
        registry.add(trigger("start", "log=info: started", false, "config"));

        assertThat(registry.onLifecycle(LifecycleEventKind.START)).containsExactly(action("log=info: started"));
        List<String> firstRun = runSteps(1, 5);
        assertThat(firstRun).containsExactly("log=info: configured", "log=info: sticky api", "log=info: one-off api");

        assertThat(registry.onLifecycle(LifecycleEventKind.RESET)).isEmpty();
        assertThat(registry.list())
                .extracting(t -> t.action().form())
                .containsExactly("log=info: configured", "log=info: sticky api", "log=info: api, later");
        assertThat(registry.onLifecycle(LifecycleEventKind.START)).isEmpty(); // non-sticky start is not re-armed

        List<String> secondRun = runSteps(1, 10);
        assertThat(secondRun).containsExactly("log=info: configured", "log=info: sticky api", "log=info: api, later");
    }

    @Test
    void lifecycleFiringsRecordTheLastStepTimeAndResetGoesBackToZero() {
        registry.add(trigger("reset", "log=info: reset", true, "api"));
        registry.add(trigger("start", "log=info: start", true, "api"));

        registry.onStep(42 * DT);
        registry.onLifecycle(LifecycleEventKind.RESET);
        registry.onLifecycle(LifecycleEventKind.START);

        assertThat(registry.history()).extracting(FiredTrigger::simTimeNanos).containsExactly(42 * DT, 0L);
    }

    @Test
    void refusesAHistoryLimitBelowOne() {
        assertThatThrownBy(() -> new TriggerRegistry(0, clock)).hasMessage("trigger history limit must be >= 1, got 0");
    }

    @Test
    void listAndHistoryCanBeReadWhileTheRunnerSteps() throws InterruptedException {
        TriggerRegistry r = new TriggerRegistry(50, Clock.systemUTC());
        r.add(trigger("loop", "log=info: tick", false, "api"));
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> runnerFailure = new AtomicReference<>();
        Thread runner = new Thread(
                () -> {
                    try {
                        for (long step = 1; step <= 200_000; step++) {
                            r.onStep(step * DT);
                            if (step % 1000 == 0) {
                                r.add(trigger("next", "log=info: marker", false, "api"));
                            }
                        }
                    } catch (Throwable e) {
                        runnerFailure.set(e);
                    } finally {
                        done.set(true);
                    }
                },
                "runner");
        runner.start();

        int reads = 0;
        while (!done.get() || reads == 0) {
            List<FiredTrigger> history = r.history();
            assertThat(history.size()).isLessThanOrEqualTo(50);
            for (int i = 1; i < history.size(); i++) {
                assertThat(history.get(i).simTimeNanos())
                        .isGreaterThanOrEqualTo(history.get(i - 1).simTimeNanos());
            }
            assertThat(r.list()).isNotEmpty().first().extracting(Trigger::event).isEqualTo(new TriggerEvent.Loop());
            reads++;
        }
        runner.join();

        assertThat(runnerFailure.get()).isNull();
        assertThat(r.history()).last().extracting(FiredTrigger::simTimeNanos).isEqualTo(200_000 * DT);
    }

    // --- helpers

    @Test
    void aCapCountsTheSourcesTriggersHeldArmedOrKeptForTheNextReset() {
        assertThat(registry.addUnlessFull(trigger("time=0.002", "pause", true, "api"), 2))
                .isTrue();
        assertThat(registry.addUnlessFull(trigger("next", "resume", false, "api"), 2))
                .isTrue();
        assertThat(registry.addUnlessFull(trigger("time=0.001", "stop", false, "config"), 2))
                .as("another source has its own count")
                .isTrue();
        assertThat(registry.addUnlessFull(trigger("next", "resume", false, "api"), 2))
                .isFalse();

        runSteps(1, 3); // 'next' fires and leaves; the sticky time trigger fires and is kept for the next reset
        assertThat(registry.list()).isEmpty();
        assertThat(registry.countFrom("api"))
                .as("the kept sticky one still counts")
                .isEqualTo(1);
        assertThat(registry.addUnlessFull(trigger("next", "resume", false, "api"), 2))
                .isTrue();
        assertThat(registry.addUnlessFull(trigger("next", "resume", false, "api"), 2))
                .isFalse();
    }

    private List<String> runSteps(long from, long to) {
        List<String> fired = new ArrayList<>();
        for (long step = from; step <= to; step++) {
            registry.onStep(step * DT).forEach(a -> fired.add(a.form()));
        }
        return fired;
    }

    private static Trigger trigger(String event, String action, boolean sticky, String source) {
        return new TriggerSpec(null, event, action, sticky).parse(source);
    }

    private static TriggerAction action(String form) {
        return TriggerAction.parse(form);
    }

    /** A clock that advances one second each time it is read, so each firing gets its own instant. */
    private static final class TickingClock extends Clock {
        static final Instant START = Instant.parse("2025-01-01T00:00:00Z");
        private Instant now = START;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            now = now.plusSeconds(1);
            return now;
        }
    }
}
