package io.orrery.runner.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RealTimePacerTests {

    private static final long MS = 1_000_000;
    private static final long SECOND = 1_000 * MS;
    private static final long STEP = MS;
    private static final long CYCLE = MS / 5; // what computing one step costs on the fake clock

    // Starts far from 0 so nothing depends on the clock's origin.
    private final FakeClock clock = new FakeClock(123_456_789_000L);
    private long sim;
    private final List<Integer> stepsPerFrame = new ArrayList<>();

    private RealTimePacer pacer(double factor) {
        return new RealTimePacer(clock, clock, STEP, factor, RealTimePacer.DEFAULT_MAX_STEPS_PER_FRAME, 0);
    }

    /** One pass of a runner loop: wait if nothing is due, then take the due steps at CYCLE each. */
    private int frame(RealTimePacer pacer) throws InterruptedException {
        int due = pacer.stepsDue(sim);
        if (due == 0) {
            pacer.waitForNextStep(sim);
            due = pacer.stepsDue(sim);
        }
        for (int i = 0; i < due; i++) {
            clock.advance(CYCLE);
            sim += STEP;
        }
        stepsPerFrame.add(due);
        return due;
    }

    private void runFor(RealTimePacer pacer, long wallNanos, double factor, long wallStart, long simStart)
            throws InterruptedException {
        long end = clock.now() + wallNanos;
        while (clock.now() < end) {
            frame(pacer);
            // The absolute schedule: sim never runs ahead of wall x factor, and never falls a step behind.
            double expected = simStart + (clock.now() - wallStart) * factor;
            assertThat((double) sim).isBetween(expected - STEP - CYCLE * factor, expected + STEP);
        }
    }

    @Test
    void simTimeTracksWallTimeAtFactorOne() throws InterruptedException {
        RealTimePacer pacer = pacer(1);
        long wallStart = clock.now();
        pacer.start(sim);

        runFor(pacer, 10 * SECOND, 1, wallStart, 0);

        assertThat(sim).isBetween(10 * SECOND - STEP, 10 * SECOND + STEP);
        assertThat(stepsPerFrame).allMatch(n -> n == 1);
        assertThat(clock.totalSlept())
                .as("the time not spent computing is slept")
                .isBetween(10 * SECOND - sim / STEP * CYCLE - STEP, 10 * SECOND - sim / STEP * CYCLE + STEP);
    }

    @Test
    void simTimeTracksTwiceWallTimeAtFactorTwo() throws InterruptedException {
        RealTimePacer pacer = pacer(2);
        long wallStart = clock.now();
        pacer.start(sim);

        runFor(pacer, 5 * SECOND, 2, wallStart, 0);

        assertThat(sim).isBetween(10 * SECOND - 2 * STEP, 10 * SECOND + STEP);
        assertThat(pacer.droppedSteps()).isZero();
    }

    @Test
    void aStallWithinTheHorizonIsMadeUpAtTheCapPerFrame() throws InterruptedException {
        RealTimePacer pacer = pacer(1);
        long wallStart = clock.now();
        pacer.start(sim);
        runFor(pacer, SECOND, 1, wallStart, 0);

        clock.advance(500 * MS); // e.g. a JIT or GC pause
        stepsPerFrame.clear();
        for (int i = 0; i < 100; i++) {
            frame(pacer);
        }

        // Each step ended 0.2 ms past its deadline, so 500 steps are due. A frame takes 10 of them in 2 ms, while 2
        // more fall due: 62 frames bring the backlog down to 4, and then the sim is back on its schedule.
        assertThat(stepsPerFrame.subList(0, 62)).allMatch(n -> n == 10);
        assertThat(stepsPerFrame.subList(62, 63)).containsExactly(4);
        assertThat(stepsPerFrame.subList(63, stepsPerFrame.size())).allMatch(n -> n == 1);
        assertThat(pacer.droppedSteps()).isZero();
        assertThat(sim)
                .as("the stall is made up: sim time is wall time since the start")
                .isEqualTo(clock.now() - wallStart - CYCLE);
    }

    @Test
    void aStallBeyondTheHorizonDropsTheStepsMoreThanTheHorizonLateAndMakesUpTheRest() throws InterruptedException {
        RealTimePacer pacer = pacer(1);
        long wallStart = clock.now();
        pacer.start(sim);
        runFor(pacer, SECOND, 1, wallStart, 0);
        assertThat(pacer.takeDroppedSteps()).isZero();

        clock.advance(5 * SECOND); // a long GC pause, or the debugger
        stepsPerFrame.clear();
        for (int i = 0; i < 200; i++) {
            frame(pacer);
        }

        // 5000 steps are due; the 4000 due a second ago or earlier are dropped, and the 1000 within the second kept:
        // 124 frames of 10 bring them down to 8, and two single steps catch up the 0.8 ms the 8 took.
        assertThat(pacer.droppedSteps()).isEqualTo(4000);
        assertThat(stepsPerFrame.subList(0, 124)).allMatch(n -> n == 10);
        assertThat(stepsPerFrame.subList(124, 125)).containsExactly(8);
        assertThat(stepsPerFrame.subList(125, stepsPerFrame.size())).allMatch(n -> n == 1);
        assertThat(sim)
                .as("sim time is wall time since the start less the dropped steps")
                .isEqualTo(clock.now() - wallStart - CYCLE - 4000 * STEP);
        assertThat(pacer.takeDroppedSteps()).isEqualTo(4000);
        assertThat(pacer.takeDroppedSteps()).as("taken once").isZero();
        assertThat(pacer.droppedSteps()).isEqualTo(4000);
    }

    @Test
    void aSimSlowerThanRealTimeRunsFlatOutKeepingABacklogOfTheHorizon() throws InterruptedException {
        long horizon = 50 * MS;
        RealTimePacer pacer = new RealTimePacer(clock, clock, STEP, 10, 10, horizon, 0);
        pacer.start(sim);
        long wallStart = clock.now();
        long taken = 0;

        for (int i = 0; i < 500; i++) {
            frame(pacer);
            taken += pacer.takeDroppedSteps();
            long scheduled = (clock.now() - wallStart) * 10;
            long backlog = scheduled - sim - pacer.droppedSteps() * STEP;
            // Once steps drop, the backlog is the horizon's 500 steps, plus up to 10 as a frame takes 10 steps in
            // 2 ms while 20 fall due.
            assertThat(backlog).isBetween(pacer.droppedSteps() == 0 ? 0 : horizon * 10, horizon * 10 + 11 * STEP);
        }

        // At factor 10 a step is due every 0.1 ms but costs 0.2 ms: the backlog doubles each frame (1, 2, 4, 8)
        // until the cap, and from then on every frame is capped and nothing is slept.
        assertThat(stepsPerFrame.subList(0, 4)).containsExactly(1, 2, 4, 8);
        assertThat(stepsPerFrame.subList(4, stepsPerFrame.size())).allMatch(n -> n == 10);
        assertThat(clock.totalSlept()).isEqualTo(STEP / 10);
        assertThat(clock.now() - wallStart).isEqualTo(STEP / 10 + sim / STEP * CYCLE);
        // 4975 steps took 995.1 ms, in which 9951 fell due: all but the backlog were dropped.
        assertThat(sim).isEqualTo(4975 * STEP);
        assertThat(pacer.droppedSteps()).isBetween(9951L - 4975 - 511, 9951L - 4975 - 500);
        assertThat(taken).isEqualTo(pacer.droppedSteps());
    }

    @Test
    void pausingTenSecondsAtFiveSecondsResumesFromFiveSecondsWithoutABurst() throws InterruptedException {
        RealTimePacer pacer = pacer(1);
        long wallStart = clock.now();
        pacer.start(sim);
        runFor(pacer, 5 * SECOND, 1, wallStart, 0);
        assertThat(sim).isBetween(5 * SECOND - STEP, 5 * SECOND + STEP);
        long simAtPause = sim;

        pacer.pause();
        clock.advance(10 * SECOND);
        assertThat(pacer.stepsDue(sim)).as("nothing is due while paused").isZero();
        assertThat(pacer.waitForNextStep(sim)).isZero();
        clock.advance(SECOND);
        pacer.resume(sim);
        long wallResumed = clock.now();
        stepsPerFrame.clear();
        for (int i = 0; i < 20; i++) {
            frame(pacer);
        }

        assertThat(stepsPerFrame).as("one step per frame, not a burst of 11000").allMatch(n -> n == 1);
        assertThat(sim).isEqualTo(simAtPause + 20 * STEP);
        runFor(pacer, wallResumed + SECOND - clock.now(), 1, wallResumed, simAtPause);
        assertThat(sim).isBetween(simAtPause + SECOND - STEP, simAtPause + SECOND + STEP);
        assertThat(pacer.droppedSteps()).isZero();
    }

    @Test
    void changingTheFactorMidRunReanchorsWithoutAJump() throws InterruptedException {
        RealTimePacer pacer = pacer(1);
        pacer.start(sim);
        runFor(pacer, 2 * SECOND, 1, clock.now(), 0);

        pacer.setRealTimeFactor(4, sim);
        long wallChanged = clock.now();
        long simChanged = sim;
        stepsPerFrame.clear();
        runFor(pacer, SECOND, 4, wallChanged, simChanged);
        assertThat(stepsPerFrame.get(0))
                .as("the first frame at the new factor is no burst")
                .isLessThanOrEqualTo(1);
        assertThat(sim - simChanged).isBetween(4 * SECOND - 2 * STEP, 4 * SECOND + STEP);

        // Slowing down does not stall either: the next step comes one new period later.
        pacer.setRealTimeFactor(0.5, sim);
        long before = clock.now();
        frame(pacer);
        assertThat(clock.now() - before).isEqualTo(2 * STEP + CYCLE);
        assertThat(pacer.droppedSteps()).isZero();
    }

    @Test
    void factorZeroNeverSleepsAndAlwaysHasAStepDue() throws InterruptedException {
        RealTimePacer pacer = pacer(0);
        pacer.start(sim);

        for (int i = 0; i < 1000; i++) {
            assertThat(pacer.waitForNextStep(sim)).isZero();
            assertThat(frame(pacer)).isGreaterThanOrEqualTo(1);
        }

        assertThat(clock.sleeps).isEmpty();
        assertThat(sim).isEqualTo(1000 * STEP);
        assertThat(pacer.targetSimNanos()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void waitParksUntilTheSpinThresholdThenSpinsToTheDeadline() throws InterruptedException {
        FakeClock spinning = new FakeClock(0, 10_000); // every reading moves 10 µs on
        long threshold = 80_000;
        RealTimePacer pacer = new RealTimePacer(spinning, spinning, 5 * MS, 1, 10, SECOND, threshold);
        pacer.start(0); // anchors at 0; the clock now reads 10 µs

        long waited = pacer.waitForNextStep(0);

        // Deadline 5 ms; the wait's first reading is at 10 µs: it parks once, to 80 µs before the deadline, then
        // spins in 10 µs readings until it is reached.
        assertThat(spinning.sleeps).containsExactly(5 * MS - 10_000 - threshold);
        assertThat(10_000 + waited).isEqualTo(5 * MS);
        long spun = 10_000 + waited - spinning.wakeUps.get(0);
        assertThat(spun).isEqualTo(70_000).isLessThanOrEqualTo(threshold);
        assertThat(pacer.stepsDue(0)).isEqualTo(1);
    }

    @Test
    void aParkThatWakesEarlyParksAgainAndOnlyTheLastStretchIsSpun() throws InterruptedException {
        FakeClock spinning = new FakeClock(0, 1_000);
        Sleeper wakesEarly = nanos -> spinning.sleepNanos(nanos / 2); // a spurious wake-up halfway, every time
        long threshold = 80_000;
        RealTimePacer pacer = new RealTimePacer(spinning, wakesEarly, MS, 1, 10, SECOND, threshold);
        pacer.start(0);

        long waited = pacer.waitForNextStep(0);

        assertThat(1_000 + waited).isBetween(MS, MS + 1_000);
        assertThat(spinning.sleeps).as("parks again after each early wake-up").hasSizeGreaterThan(1);
        long lastWakeUp = spinning.wakeUps.get(spinning.wakeUps.size() - 1);
        assertThat(MS - lastWakeUp).as("spun for").isLessThanOrEqualTo(threshold);
        assertThat(spinning.totalSlept()).as("parked for most of the wait").isGreaterThan(MS - threshold - 10_000);
    }

    @Test
    void aParkThatOvershootsPastTheThresholdIsNotFollowedBySpinning() throws InterruptedException {
        FakeClock spinning = new FakeClock(0, 1_000);
        long overshoot = 100_000; // more than the threshold: Linux's 50 µs timer slack plus a slow wake-up
        Sleeper late = nanos -> spinning.sleepNanos(nanos + overshoot);
        RealTimePacer pacer = new RealTimePacer(spinning, late, MS, 1, 10, SECOND, 80_000);
        pacer.start(0);

        long waited = pacer.waitForNextStep(0);

        assertThat(spinning.sleeps).containsExactly(MS - 1_000 - 80_000 + overshoot);
        assertThat(1_000 + waited)
                .as("late by the overshoot less the threshold")
                .isEqualTo(spinning.wakeUps.get(0))
                .isEqualTo(MS + overshoot - 80_000 + 1_000);
    }

    @Test
    void refusesBadSettingsNamingThem() {
        assertThatThrownBy(() -> new RealTimePacer(clock, clock, 0, 1)).hasMessage("stepNanos must be > 0, got 0");
        assertThatThrownBy(() -> new RealTimePacer(clock, clock, STEP, -1))
                .hasMessage("realTimeFactor must be a finite number >= 0, got -1.0");
        assertThatThrownBy(() -> new RealTimePacer(clock, clock, STEP, Double.NaN))
                .hasMessageContaining("realTimeFactor");
        assertThatThrownBy(() -> new RealTimePacer(clock, clock, STEP, 1, 0, 0))
                .hasMessage("maxStepsPerFrame must be >= 1, got 0");
        assertThatThrownBy(() -> new RealTimePacer(clock, clock, STEP, 1, 10, 0, 0))
                .hasMessage("maxCatchUpNanos must be > 0, got 0");
        assertThatThrownBy(() -> new RealTimePacer(clock, clock, STEP, 1, 10, SECOND, -1))
                .hasMessage("spinThresholdNanos must be >= 0, got -1");
        assertThatThrownBy(() -> pacer(1).stepsDue(0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("start(simTimeNanos)");
    }
}
