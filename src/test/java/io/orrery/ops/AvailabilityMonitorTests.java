package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.lifecycle.SimState;
import io.orrery.ops.LoopReading.Loop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.availability.ApplicationAvailabilityBean;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.AvailabilityState;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;

/** The watchdog and readiness rules, on a fake loop and clock: no wall-clock time passes. */
class AvailabilityMonitorTests {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final long SECOND = 1_000_000_000L;

    /** A loop the test drives: its clock, its progress mark and its condition. */
    private long now = 1_000 * SECOND;

    private long lastProgress = now;
    private Loop loop = Loop.RUNNING;
    private boolean pluginsStarted = true;
    private long pacingWait;

    private final ApplicationAvailabilityBean availability = new ApplicationAvailabilityBean();
    private final List<AvailabilityState> published = new ArrayList<>();

    @SuppressWarnings("unchecked")
    private final ApplicationEventPublisher publisher = event -> {
        AvailabilityChangeEvent<?> change = (AvailabilityChangeEvent<?>) event;
        published.add(change.getState());
        availability.onApplicationEvent(change);
        if (change.getState() instanceof ReadinessState) {
            monitor().onReadinessChange((AvailabilityChangeEvent<ReadinessState>) change);
        }
    };

    private AvailabilityMonitor monitor;

    private AvailabilityMonitor monitor() {
        if (monitor == null) {
            monitor = new AvailabilityMonitor(
                    () -> new LoopReading(now, lastProgress, loop, SimState.STEP_SIMULATOR, pluginsStarted, pacingWait),
                    TIMEOUT,
                    publisher,
                    availability);
        }
        return monitor;
    }

    private void advance(long seconds) {
        now += seconds * SECOND;
    }

    private void progress() {
        lastProgress = now;
    }

    @Test
    void aRunningLoopWithoutProgressForLongerThanTheTimeoutIsBrokenAndCorrectOnceItProgresses() {
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);

        advance(29);
        monitor().check();
        assertThat(availability.getLivenessState()).as("29 s without progress").isEqualTo(LivenessState.CORRECT);

        advance(2);
        monitor().check();
        assertThat(availability.getLivenessState()).as("31 s without progress").isEqualTo(LivenessState.BROKEN);

        progress();
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
        assertThat(published)
                .filteredOn(s -> s instanceof LivenessState)
                .containsExactly(LivenessState.CORRECT, LivenessState.BROKEN, LivenessState.CORRECT);
    }

    @Test
    void aLoopPacedSlowerThanTheTimeoutGetsItsPacingWaitOnTop() {
        pacingWait = 60 * SECOND; // e.g. 1 ms steps at a real-time factor of 1/60000
        monitor().check();
        advance(89);
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
        advance(2);
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.BROKEN);
    }

    @Test
    void steadyProgressIsNeverBroken() {
        for (int i = 0; i < 100; i++) {
            advance(5);
            progress();
            monitor().check();
            assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
        }
    }

    @Test
    void aPausedLoopIsNeverBrokenHoweverOldItsProgressMark() {
        loop = Loop.PAUSED;
        monitor().check();
        advance(3600);
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
    }

    @Test
    void timeSpentPausedLoadingOrResettingDoesNotCountOnceRunningAgain() {
        for (Loop quiet : List.of(Loop.PAUSED, Loop.LOADING, Loop.RESETTING)) {
            loop = quiet;
            monitor().check();
            advance(600);
            monitor().check();
            // Running again, but the loop has not made its first progress yet: the stall counts from now.
            loop = Loop.RUNNING;
            monitor().check();
            assertThat(availability.getLivenessState())
                    .as("right after %s", quiet)
                    .isEqualTo(LivenessState.CORRECT);
            advance(31);
            monitor().check();
            assertThat(availability.getLivenessState())
                    .as("31 s after %s", quiet)
                    .isEqualTo(LivenessState.BROKEN);
            progress();
            monitor().check();
            assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
        }
    }

    @Test
    void aFirstLookAtALoopWithAnOldProgressMarkGrantsAFullTimeout() {
        lastProgress = now - 3600 * SECOND;
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
        advance(31);
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.BROKEN);
    }

    @Test
    void aDeadRunnerThreadIsBrokenAndAnEndedRunIsNot() {
        loop = Loop.ENDED;
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.CORRECT);
        loop = Loop.DIED;
        monitor().check();
        assertThat(availability.getLivenessState()).isEqualTo(LivenessState.BROKEN);
    }

    @Test
    void readyOnlyWhileRunningOrPausedWithEveryPluginStarted() {
        record Case(Loop loop, boolean pluginsStarted, ReadinessState expected) {}
        List<Case> cases = List.of(
                new Case(Loop.NOT_STARTED, false, ReadinessState.REFUSING_TRAFFIC),
                new Case(Loop.LOADING, false, ReadinessState.REFUSING_TRAFFIC),
                new Case(Loop.RUNNING, false, ReadinessState.REFUSING_TRAFFIC),
                new Case(Loop.RUNNING, true, ReadinessState.ACCEPTING_TRAFFIC),
                new Case(Loop.RESETTING, true, ReadinessState.REFUSING_TRAFFIC),
                new Case(Loop.PAUSED, true, ReadinessState.ACCEPTING_TRAFFIC),
                new Case(Loop.ENDED, true, ReadinessState.REFUSING_TRAFFIC),
                new Case(Loop.DIED, true, ReadinessState.REFUSING_TRAFFIC));
        for (Case c : cases) {
            loop = c.loop();
            pluginsStarted = c.pluginsStarted();
            progress();
            monitor().check();
            assertThat(availability.getReadinessState()).as("%s", c).isEqualTo(c.expected());
        }
    }

    @Test
    void onceShutdownHasRefusedTrafficTheMonitorLeavesReadinessAlone() {
        monitor().check();
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);

        // What the web application context does when it starts closing.
        AvailabilityChangeEvent.publish(publisher, this, ReadinessState.REFUSING_TRAFFIC);
        monitor().check();
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
    }

    @Test
    void springBootsOwnReadyWhileTheWorldLoadsIsCorrectedAtOnce() throws InterruptedException {
        loop = Loop.LOADING;
        monitor().start(); // its first check: loading, not ready
        try {
            awaitReadiness(ReadinessState.REFUSING_TRAFFIC);
            // What Spring Boot publishes once the application is ready, after the monitor's first check.
            AvailabilityChangeEvent.publish(publisher, this, ReadinessState.ACCEPTING_TRAFFIC);
            awaitReadiness(ReadinessState.REFUSING_TRAFFIC);
            assertThat(published.stream().filter(ReadinessState.class::isInstance))
                    .as("corrected by a check of its own, not left until the next one")
                    .containsExactly(ReadinessState.ACCEPTING_TRAFFIC, ReadinessState.REFUSING_TRAFFIC);

            loop = Loop.RUNNING;
            AvailabilityChangeEvent.publish(publisher, this, ReadinessState.ACCEPTING_TRAFFIC);
            Thread.sleep(50); // a check that found nothing to change publishes nothing
            assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        } finally {
            monitor().stop();
        }
    }

    /** Waits for the monitor's own thread to bring readiness to {@code state}; fails after 10 s. */
    private void awaitReadiness(ReadinessState state) throws InterruptedException {
        long deadline = System.nanoTime() + 10 * SECOND;
        while (availability.getReadinessState() != state) {
            assertThat(System.nanoTime()).as("readiness never became " + state).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    @Test
    void whileTheLoopIsOnItsWayToReadyTheNextCheckComesSoonOtherwiseAfterThePeriod() {
        // The period for a 30 s watchdog timeout: a quarter of it, at most 1 s.
        for (Loop l : Loop.values()) {
            loop = l;
            progress();
            long delay = monitor().check();
            boolean onItsWay = l == Loop.NOT_STARTED || l == Loop.LOADING || l == Loop.RESETTING;
            assertThat(delay).as("%s", l).isEqualTo(onItsWay ? AvailabilityMonitor.SOON_MILLIS : 1000);
        }
    }

    @Test
    void aShortTimeoutKeepsItsQuarterAsThePeriodEvenWhileLoading() {
        // 40 ms: a period of 10 ms, shorter than the loading wait, which never lengthens it.
        AvailabilityMonitor shortTimeout = new AvailabilityMonitor(
                () -> new LoopReading(now, lastProgress, Loop.LOADING, SimState.CONNECT, false, 0),
                Duration.ofMillis(40),
                publisher,
                availability);
        assertThat(shortTimeout.check()).isEqualTo(10);
    }

    @Test
    void aTimeoutThatIsNotPositiveIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new AvailabilityMonitor(() -> null, Duration.ZERO, publisher, availability))
                .hasMessageContaining("orrery.watchdog-timeout must be positive");
    }
}
