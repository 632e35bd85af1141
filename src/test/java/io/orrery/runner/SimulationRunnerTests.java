package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The runner on a real world and real JBullet, at factor 0 so nothing waits on the wall clock. */
class SimulationRunnerTests {

    private static final Path WORLD = Path.of("src/test/resources/worlds/runner_drop.sdf");
    private static final long DT = 1_000_000;

    private SimulationRunner runner;

    @AfterEach
    void stopRunner() throws Exception {
        if (runner != null && runner.isRunning()) {
            runner.control().stop();
            runner.finished().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void simTimeAfterNStepsIsExactlyNTimesTheStep() throws Exception {
        Recorder recorder = new Recorder();
        RunResult result = run(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(1234), recorder);

        assertThat(result.outcome()).isEqualTo(Outcome.SUCCESS);
        assertThat(result.iterations()).isEqualTo(1234);
        assertThat(result.simTimeNanos()).isEqualTo(1234 * DT);
        // Started running: the first update already sees one step of time (the Gazebo rule).
        UpdateInfo first = recorder.infos.get(0);
        assertThat(first.paused()).isFalse();
        assertThat(first.simTimeNanos()).isEqualTo(DT);
        assertThat(first.iterations()).isEqualTo(1);
        for (int i = 1; i < recorder.infos.size(); i++) {
            assertThat(recorder.infos.get(i).simTimeNanos()).isEqualTo((i + 1) * DT);
        }
    }

    @Test
    void aDroppedBoxComesToRestOnTheGround() throws Exception {
        RunResult result = run(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(2000));

        var box = result.models().stream()
                .filter(m -> m.name().equals("box"))
                .findFirst()
                .orElseThrow();
        assertThat(box.pose().z()).isCloseTo(0.25, within(0.01));
        assertThat(box.velocity().linear().length()).isLessThan(0.05);
    }

    @Test
    void startedPausedTheFirstUpdateIsAtTimeZeroAndTimeDoesNotAdvance() throws Exception {
        Recorder recorder = new Recorder();
        start(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true), recorder);
        recorder.awaitUpdates(3);

        SimulationStatus status = runner.reads().status();
        assertThat(status.state()).isEqualTo(SimState.PAUSE);
        assertThat(status.paused()).isTrue();
        assertThat(status.simTimeNanos()).isZero();
        assertThat(recorder.copy()).allSatisfy(info -> {
            assertThat(info.paused()).isTrue();
            assertThat(info.dtNanos()).isZero();
            assertThat(info.simTimeNanos()).isZero();
        });
    }

    @Test
    void stepWhilePausedRunsExactlyNStepsAndPausesAgain() throws Exception {
        start(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true));

        SimulationStatus after = runner.control().step(25).get(10, TimeUnit.SECONDS);

        assertThat(after.iterations()).isEqualTo(25);
        assertThat(after.simTimeNanos()).isEqualTo(25 * DT);
        assertThat(after.state()).isEqualTo(SimState.PAUSE);
        assertThat(runner.control().step(5).get(10, TimeUnit.SECONDS).iterations())
                .isEqualTo(30);
    }

    @Test
    void aResumePostedRightAfterAStepWaitsUntilTheStepsHaveRun() throws Exception {
        start(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true));
        awaitState(SimState.PAUSE);

        CompletableFuture<SimulationStatus> steps = runner.control().step(200);
        CompletableFuture<SimulationStatus> resumed = runner.control().resume();

        SimulationStatus afterSteps = steps.get(10, TimeUnit.SECONDS);
        assertThat(afterSteps.iterations()).isEqualTo(200);
        assertThat(afterSteps.state()).isEqualTo(SimState.PAUSE);
        assertThat(resumed.get(10, TimeUnit.SECONDS).paused()).isFalse();
    }

    @Test
    void pauseAndResumeTakeEffectAtStepEnd() throws Exception {
        Recorder recorder = new Recorder();
        start(RunnerSettings.defaults().withRealTimeFactor(0), recorder);

        SimulationStatus paused = runner.control().pause().get(10, TimeUnit.SECONDS);
        assertThat(paused.state()).isEqualTo(SimState.PAUSE);
        long frozen = runner.reads().status().simTimeNanos();
        // Time stands still over paused cycles of the loop (systems are called with dt 0), not over a sleep.
        int seen = recorder.infos.size();
        recorder.awaitUpdates(seen + 5);
        assertThat(runner.reads().status().simTimeNanos()).isEqualTo(frozen);
        assertThat(recorder.copy().subList(seen, seen + 5)).allSatisfy(info -> {
            assertThat(info.paused()).isTrue();
            assertThat(info.simTimeNanos()).isEqualTo(frozen);
        });
        assertThat(frozen % DT).isZero();

        runner.control().resume().get(10, TimeUnit.SECONDS);
        awaitSimTimeBeyond(frozen + 100 * DT);
        assertThat(runner.reads().status().paused()).isFalse();
    }

    @Test
    void aCommandRefusedInTheCurrentStateNamesTheStateAndWhatIsAllowed() throws Exception {
        start(RunnerSettings.defaults().withRealTimeFactor(0));
        awaitSimTimeBeyond(10 * DT);

        assertThatThrownBy(() -> runner.control().resume().get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(CommandRefusedException.class)
                .hasMessageContaining("cannot resume in state STEP_")
                .hasMessageContaining("allowed: pause, stop, reset");
        assertThatThrownBy(() -> runner.control().step(3).get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(CommandRefusedException.class);
        assertThat(runner.reads().status().outcome()).isEmpty();
    }

    @Test
    void resetReturnsTimeToZeroAndKeepsRunning() throws Exception {
        start(RunnerSettings.defaults().withRealTimeFactor(0));
        awaitSimTimeBeyond(500 * DT);

        SimulationStatus afterReset = runner.control().reset().get(10, TimeUnit.SECONDS);

        assertThat(afterReset.simTimeNanos()).isZero();
        assertThat(afterReset.iterations()).isZero();
        assertThat(afterReset.paused()).isFalse();
        awaitSimTimeBeyond(100 * DT);
        assertThat(runner.reads().status().outcome()).isEmpty();
    }

    @Test
    void aResetCancelsAPendingRunToSoItDoesNotPauseTheNewRunLater() throws Exception {
        start(RunnerSettings.defaults().withRealTimeFactor(1));
        awaitSimTimeBeyond(5 * DT);
        CompletableFuture<SimulationStatus> runTo = runner.control().runTo(60_000 * DT);

        runner.control().reset().get(10, TimeUnit.SECONDS);

        assertThatThrownBy(() -> runTo.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(CommandRefusedException.class)
                .hasMessageContaining("cancelled by a reset");
        runner.control().setRealTimeFactor(0).get(10, TimeUnit.SECONDS);
        awaitSimTimeBeyond(61_000 * DT);
        assertThat(runner.reads().status().paused()).isFalse();
    }

    @Test
    void resetWhilePausedRestoresTheBoxAndStaysPaused() throws Exception {
        start(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true));
        runner.control().step(600).get(10, TimeUnit.SECONDS);
        double fallen = boxZ();
        assertThat(fallen).isLessThan(1.0);

        SimulationStatus afterReset = runner.control().reset().get(10, TimeUnit.SECONDS);

        assertThat(afterReset.state()).isEqualTo(SimState.PAUSE);
        assertThat(afterReset.simTimeNanos()).isZero();
        assertThat(afterReset.iterations()).isZero();
        assertThat(boxZ()).isCloseTo(1.25, within(1e-6));
    }

    @Test
    void resetWithASystemThatCannotResetAbortsNamingIt() throws Exception {
        PreUpdate cannotReset = new StubbornController();
        start(RunnerSettings.defaults().withRealTimeFactor(0), List.of(cannotReset));
        awaitSimTimeBeyond(10 * DT);

        runner.control().reset();
        RunResult result = runner.finished().get(10, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.ABORTED);
        assertThat(result.message())
                .hasValueSatisfying(m -> assertThat(m).contains("reset").contains("StubbornController"));
    }

    @Test
    void anExceptionInASystemAborts() throws Exception {
        PreUpdate failing = (info, world) -> {
            if (info.iterations() == 50) {
                throw new IllegalStateException("controller diverged");
            }
        };
        RunResult result = run(RunnerSettings.defaults().withRealTimeFactor(0), List.of(failing));

        assertThat(result.outcome()).isEqualTo(Outcome.ABORTED);
        assertThat(result.outcome().exitCode()).isEqualTo(16);
        assertThat(result.message()).hasValueSatisfying(m -> assertThat(m).contains("controller diverged"));
        assertThat(result.iterations()).isEqualTo(49);
    }

    @Test
    void aFailTriggerEndsWithFailureAtItsSimTime() throws Exception {
        RunnerSettings settings = RunnerSettings.defaults()
                .withRealTimeFactor(0)
                .withTriggers(List.of(new TriggerSpec("deadline", "time=0.25", "fail", false)));
        RunResult result = run(settings);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILURE);
        assertThat(result.simTimeNanos()).isEqualTo(250 * DT);
        assertThat(runner.reads().triggers().history())
                .singleElement()
                .satisfies(f -> assertThat(f.label()).isEqualTo("deadline"));
    }

    @Test
    void aWorldThatDoesNotLoadIsNoStart() throws Exception {
        runner = SimulationRunner.builder(
                        new SdfReader(List.of())::read,
                        Path.of("src/test/resources/worlds/no_such_world.sdf"),
                        new JBulletPhysicsEngine())
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        List<SimState> states = new CopyOnWriteArrayList<>();
        runner.addListener(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                states.add(to);
            }
        });
        runner.start();
        RunResult result = runner.finished().get(10, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.NO_START);
        // the path as given, and the words a user reads: no exception class, no place in a file that is not there
        assertThat(result.message())
                .hasValueSatisfying(m -> assertThat(m)
                        .contains("src/test/resources/worlds/no_such_world.sdf: no such file")
                        .doesNotContain(
                                "NoSuchFileException",
                                ":0:0",
                                Path.of("").toAbsolutePath().toString()));
        assertThat(states).containsExactly(SimState.ABORT, SimState.DISCONNECT);
    }

    @Test
    void aStoppedRunWalksCloesDiagramFromConnectToDisconnect() throws Exception {
        List<SimState> states = new CopyOnWriteArrayList<>();
        runner = newRunner(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(10), List.of());
        runner.addListener(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                states.add(to);
            }
        });
        runner.start();
        runner.finished().get(10, TimeUnit.SECONDS);

        assertThat(states)
                .containsExactly(
                        SimState.START,
                        SimState.STEP_BEGIN,
                        SimState.STEP_SIMULATOR,
                        SimState.STEP_CONTROLLER,
                        SimState.STEP_END,
                        SimState.STOP,
                        SimState.DISCONNECT);
    }

    @Test
    void commandsAfterTheEndAreRefused() throws Exception {
        run(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(5));

        CompletableFuture<SimulationStatus> late = runner.control().pause();
        assertThatThrownBy(() -> late.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(CommandRefusedException.class)
                .hasMessageContaining("DISCONNECT");
    }

    private double boxZ() throws Exception {
        return runner.edits()
                .submit("read box", w -> w.model("box").orElseThrow().pose().z())
                .get(10, TimeUnit.SECONDS);
    }

    private void awaitState(SimState state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (runner.reads().currentState() != state && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(runner.reads().currentState()).isEqualTo(state);
    }

    private void awaitSimTimeBeyond(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (runner.reads().status().simTimeNanos() <= nanos && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(runner.reads().status().simTimeNanos()).isGreaterThan(nanos);
    }

    private RunResult run(RunnerSettings settings, Object... systems) throws Exception {
        return run(settings, List.of(systems));
    }

    private RunResult run(RunnerSettings settings, List<Object> systems) throws Exception {
        start(settings, systems);
        return runner.finished().get(30, TimeUnit.SECONDS);
    }

    private void start(RunnerSettings settings, Object... systems) {
        start(settings, List.of(systems));
    }

    private void start(RunnerSettings settings, List<Object> systems) {
        runner = newRunner(settings, systems);
        runner.start();
    }

    private static SimulationRunner newRunner(RunnerSettings settings, List<Object> systems) {
        List<SystemRegistration> registrations = new ArrayList<>();
        for (Object s : systems) {
            registrations.add(new SystemRegistration(s, OptionalInt.empty()));
        }
        return SimulationRunner.builder(new SdfReader(List.of())::read, WORLD, new JBulletPhysicsEngine())
                .systems(() -> registrations)
                .settings(settings)
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
    }

    /** A controller with state but no way to reset it. */
    static final class StubbornController implements PreUpdate {
        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {}
    }

    /** Records every UpdateInfo it is given; stateless, so reset is allowed. */
    static final class Recorder implements PostUpdate, Reset {
        final List<UpdateInfo> infos = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            infos.add(info);
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {}

        /** What was recorded so far: the runner goes on adding while paused, so look at a copy, not the list. */
        List<UpdateInfo> copy() {
            synchronized (infos) {
                return List.copyOf(infos);
            }
        }

        void awaitUpdates(int n) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (infos.size() < n && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(infos).hasSizeGreaterThanOrEqualTo(n);
        }
    }
}
