package io.orrery.runner;

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
        assertThat(clock.totalSlept()).as("the time not spent computing is slept")
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
    void aLongStallYieldsAtMostTheCapPerFrameAndNoEndlessBurst() throws InterruptedException {
        RealTimePacer pacer = pacer(1);
        pacer.start(sim);
        runFor(pacer, SECOND, 1, clock.now(), 0);
        long simBeforeStall = sim;

        clock.advance(5 * SECOND); // e.g. a long GC pause
        int firstFrame = frame(pacer);
        stepsPerFrame.clear();
        for (int i = 0; i < 1000; i++) {
            frame(pacer);
        }

        assertThat(firstFrame).isEqualTo(RealTimePacer.DEFAULT_MAX_STEPS_PER_FRAME);
        // After the capped frame the sim is back on a normal pace: 10 cycles of work leave 2 steps due.
        assertThat(stepsPerFrame.subList(0, 1)).containsExactly(2);
        assertThat(stepsPerFrame.subList(1, stepsPerFrame.size())).allMatch(n -> n == 1);
        assertThat(pacer.droppedSteps()).isBetween(4985L, 4995L);
        assertThat(sim - simBeforeStall).as("sim did not make up the 5 s stall")
                .isLessThan(2 * SECOND);
    }

    @Test
    void aSimSlowerThanRealTimeRunsFlatOutWithoutBuildingABacklog() throws InterruptedException {
        RealTimePacer pacer = new RealTimePacer(clock, clock, STEP, 10, 10, 0);
        pacer.start(sim);
        long wallStart = clock.now();

        for (int i = 0; i < 500; i++) {
            frame(pacer);
        }

        // At factor 10 a step is due every 0.1 ms but costs 0.2 ms: the backlog doubles each frame (1, 2, 4, 8)
        // until the cap, and from then on every frame is capped and nothing is slept.
        assertThat(stepsPerFrame.subList(0, 4)).containsExactly(1, 2, 4, 8);
        assertThat(stepsPerFrame.subList(4, stepsPerFrame.size())).allMatch(n -> n == 10);
        assertThat(clock.totalSlept()).isEqualTo(STEP / 10);
        assertThat(clock.now() - wallStart).isEqualTo(STEP / 10 + sim / STEP * CYCLE);
        assertThat(pacer.droppedSteps()).as("the backlog is dropped every frame, not carried")
                .isPositive().isLessThan(sim / STEP);
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
        assertThat(stepsPerFrame.get(0)).as("the first frame at the new factor is no burst").isLessThanOrEqualTo(1);
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
    void waitSleepsUntilTheSpinThresholdThenSpinsToTheDeadline() throws InterruptedException {
        FakeClock spinning = new FakeClock(0, 10_000); // every reading moves 10 µs on
        RealTimePacer pacer = new RealTimePacer(spinning, spinning, 5 * MS, 1, 10, MS);
        pacer.start(0); // anchors at 0; the clock now reads 10 µs

        long waited = pacer.waitForNextStep(0);

        // Deadline 5 ms; the wait's first reading is at 10 µs: it sleeps to 1 ms before the deadline, then spins
        // in 10 µs readings until it is reached.
        assertThat(spinning.sleeps).containsExactly(5 * MS - 10_000 - MS);
        assertThat(10_000 + waited).isBetween(5 * MS, 5 * MS + 10_000);
        assertThat(pacer.stepsDue(0)).isEqualTo(1);
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
        assertThatThrownBy(() -> pacer(1).stepsDue(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("start(simTimeNanos)");
    }
}
