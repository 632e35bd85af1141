package io.orrery.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SystemManagerTests {

    private static final long STEP = 1_000_000; // 1 ms

    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private final RecordingWorld world =
            new RecordingWorld().withModel("a", 0, 1).withModel("b", 10, -2);
    private SystemManager manager = new SystemManager();

    @AfterEach
    void close() {
        manager.close();
    }

    /** Logs "name:phase" in every phase. */
    private class Logging implements PreUpdate, Update, PostUpdate, Reset, NamedSystem {
        final String name;

        Logging(String name) {
            this.name = name;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld w) {
            log.add(name + ":pre");
        }

        @Override
        public void update(UpdateInfo info, PhysicsWorld w) {
            log.add(name + ":update");
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView w) {
            log.add(name + ":post");
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld w) {
            log.add(name + ":reset");
        }

        @Override
        public String systemName() {
            return name;
        }
    }

    private class OwnPriority extends Logging implements Prioritized {
        final int priority;

        OwnPriority(String name, int priority) {
            super(name);
            this.priority = priority;
        }

        @Override
        public int priority() {
            return priority;
        }
    }

    private List<String> namesIn(String phase) {
        return log.stream()
                .filter(e -> e.endsWith(":" + phase))
                .map(e -> e.substring(0, e.indexOf(':')))
                .toList();
    }

    private UpdateInfo step(UpdateInfo info) {
        UpdateInfo next = info.next(STEP, info.realTimeNanos() + STEP);
        manager.runPreUpdate(next, world);
        manager.runUpdate(next, world);
        manager.runPostUpdate(next, world);
        return next;
    }

    @Test
    void runsEveryPhaseInPriorityOrderWithTiesInLoadOrder() {
        manager.add(new Logging("default1"));
        manager.add(new Logging("explicitMinus5"), OptionalInt.of(-5));
        manager.add(new OwnPriority("own10", 10));
        manager.add(new OwnPriority("ownMinus5", -5));
        manager.add(new OwnPriority("own10ButExplicit1", 10), OptionalInt.of(1));
        manager.add(new Logging("default2"));

        step(UpdateInfo.START);
        manager.runReset(UpdateInfo.START, world);

        List<String> expected =
                List.of("explicitMinus5", "ownMinus5", "default1", "default2", "own10ButExplicit1", "own10");
        assertThat(namesIn("pre")).isEqualTo(expected);
        assertThat(namesIn("update")).isEqualTo(expected);
        assertThat(namesIn("post")).isEqualTo(expected);
        assertThat(namesIn("reset")).isEqualTo(expected);
        assertThat(manager.list()).extracting(SystemInfo::name).isEqualTo(expected);
        assertThat(manager.list()).extracting(SystemInfo::priority).containsExactly(-5, -5, 0, 0, 1, 10);
    }

    @Test
    void eachStepRunsPreUpdateThenUpdateThenPostUpdate() {
        // Priorities order systems within a phase, never phases: the late PreUpdate still precedes the early Update.
        manager.add((PreUpdate) (info, w) -> log.add("late:pre"), OptionalInt.of(100));
        manager.add((Update) (info, w) -> log.add("early:update"), OptionalInt.of(-100));
        manager.add((PostUpdate) (info, w) -> log.add("earliest:post"), OptionalInt.of(-1000));

        UpdateInfo info = step(UpdateInfo.START);
        step(info);

        assertThat(log)
                .containsExactly(
                        "late:pre", "early:update", "earliest:post", "late:pre", "early:update", "earliest:post");
    }

    @Test
    void removedSystemsAreNoLongerCalled() {
        Logging kept = new Logging("kept");
        Logging removed = new Logging("removed");
        manager.add(removed);
        manager.add(kept);

        assertThat(manager.remove(removed)).isTrue();
        assertThat(manager.remove(removed)).isFalse();
        step(UpdateInfo.START);

        assertThat(log).containsExactly("kept:pre", "kept:update", "kept:post");
        assertThat(manager.list()).extracting(SystemInfo::name).containsExactly("kept");
    }

    @Test
    void refusesObjectsThatAreNotSystemsAndDuplicates() {
        assertThatThrownBy(() -> manager.add("a string"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String")
                .hasMessageContaining("none of PreUpdate, Update, PostUpdate, Reset");
        assertThatThrownBy(() -> manager.add((Configure) spec -> {})).isInstanceOf(IllegalArgumentException.class);

        Logging twice = new Logging("twice");
        manager.add(twice);
        assertThatThrownBy(() -> manager.add(twice)).hasMessageContaining("'twice' is already registered");
    }

    @Test
    void listsNamesPrioritiesAndPhases() {
        manager.add(new Stepper());
        manager.add(new Logging("logging"), OptionalInt.of(7));
        manager.add(new Sensor());

        assertThat(manager.list())
                .containsExactly(
                        new SystemInfo(
                                "physics",
                                Priorities.PHYSICS,
                                "Prioritized",
                                SystemOrigin.code(),
                                Set.of(Phase.UPDATE, Phase.RESET),
                                false),
                        new SystemInfo(
                                "Sensor",
                                Priorities.DEFAULT,
                                "default",
                                SystemOrigin.code(),
                                Set.of(Phase.POST_UPDATE),
                                true),
                        new SystemInfo(
                                "logging",
                                7,
                                "given",
                                SystemOrigin.code(),
                                Set.of(Phase.PRE_UPDATE, Phase.UPDATE, Phase.POST_UPDATE, Phase.RESET),
                                false));
    }

    @Test
    void theReportListsEachPhaseInRunOrderWithWherePrioritiesAndSystemsCameFrom() {
        manager.add(new Logging("late"), OptionalInt.of(100), "@Order on @Bean method", SystemOrigin.springBean("l"));
        manager.add(
                (PreUpdate) (info, w) -> log.add("lambda"),
                OptionalInt.of(-100),
                "@Order on @Bean method",
                SystemOrigin.springBean("early"));
        manager.add(new Sensor(), OptionalInt.empty(), "<gz:system_priority>", SystemOrigin.plugin("s", "robot"));

        SystemsReport report = manager.report();
        assertThat(report.of(Phase.PRE_UPDATE))
                .extracting(e -> e.system().name())
                .containsExactly("early", "late");
        assertThat(report.of(Phase.PRE_UPDATE).get(0).system().prioritySource()).isEqualTo("@Order on @Bean method");
        // A plugin goes by its instance name, a bean by its bean name, unless it names itself (NamedSystem).
        assertThat(report.of(Phase.POST_UPDATE))
                .extracting(e -> e.system().name())
                .containsExactly("s", "late");
        // No priority was given, so the source given with none does not apply: the default does.
        assertThat(report.of(Phase.POST_UPDATE).get(0).system().prioritySource())
                .isEqualTo("default");
        assertThat(report.of(Phase.POST_UPDATE).get(0).system().origin().describe())
                .isEqualTo("plugin 's' of model 'robot'");
        assertThat(report.of(Phase.UPDATE)).extracting(e -> e.system().name()).containsExactly("late");
        assertThat(report.of(Phase.RESET)).extracting(e -> e.system().name()).containsExactly("late");
        assertThat(report.table()
                        .lines()
                        .filter(l -> l.contains("early"))
                        .findFirst()
                        .orElseThrow()
                        .split(" +"))
                .containsExactly(
                        "",
                        "PreUpdate",
                        "1",
                        "early",
                        "-100",
                        "@Order",
                        "on",
                        "@Bean",
                        "method",
                        "Spring",
                        "bean",
                        "'early'");
    }

    @Test
    void eachCallIsTimedByTheClockReadAfterItAndAWindowClosesEverySecond() {
        long[] now = {0};
        // Each read of the clock moves it on by the next of these: 1 ms before the first system, then one
        // duration per system, in the order they run.
        long[] advances = {1_000_000, 3_000, 5_000};
        int[] reads = {0};
        manager = new SystemManager(false, 1, () -> now[0] += advances[reads[0]++ % advances.length]);
        manager.add((PreUpdate) (info, w) -> {}, OptionalInt.of(1));
        manager.add((PreUpdate) (info, w) -> {}, OptionalInt.of(2));

        UpdateInfo info = new UpdateInfo(STEP, STEP, STEP, 1, false);
        manager.runPreUpdate(info, world); // opens the window
        assertThat(manager.report().of(Phase.PRE_UPDATE))
                .allSatisfy(e -> assertThat(e.timing()).isEqualTo(SystemTiming.NONE));
        // Each run takes 1.008 ms of this clock; the window closes once 1 s has passed since it opened.
        int runs = 0;
        while (manager.report().windowNanos() == 0) {
            manager.runPreUpdate(info, world);
            runs++;
        }
        SystemsReport report = manager.report();
        assertThat(report.windowNanos()).isBetween(1_000_000_000L, 1_000_000_000L + 1_008_000);
        assertThat(reads[0]).as("one read per system and one per phase").isEqualTo(3 * (runs + 1));
        assertThat(report.of(Phase.PRE_UPDATE).get(0).timing()).isEqualTo(new SystemTiming(runs + 1, 3_000, 3_000));
        assertThat(report.of(Phase.PRE_UPDATE).get(1).timing()).isEqualTo(new SystemTiming(runs + 1, 5_000, 5_000));
    }

    @Test
    void theP99IsTheNearestRankOverTheWindowsLastCalls() {
        long[] durations = new long[200];
        for (int i = 0; i < durations.length; i++) {
            durations[i] = (i * 7919L) % 200 + 1; // 1..200 in a scrambled order
        }
        long[] now = {0};
        int[] reads = {0};
        manager = new SystemManager(false, 1, () -> {
            int r = reads[0]++;
            // Reads alternate: the phase's opening read (no time passes), then the system's.
            return now[0] += r % 2 == 0 ? 0 : durations[(r / 2) % durations.length];
        });
        manager.add((PreUpdate) (info, w) -> {}, OptionalInt.of(1));
        UpdateInfo info = new UpdateInfo(STEP, STEP, STEP, 1, false);
        for (int i = 0; i < durations.length; i++) {
            manager.runPreUpdate(info, world);
        }
        // The window is timed by the same clock: 200 calls of 1..200 ns are far from a second; close it by hand
        // with one long call.
        durations[0] = 2_000_000_000L;
        while (manager.report().windowNanos() == 0) {
            manager.runPreUpdate(info, world);
        }
        SystemTiming timing = manager.report().of(Phase.PRE_UPDATE).get(0).timing();
        // 201 calls: 1..200 and one of 2 s. Nearest rank of p99: ceil(0.99 * 201) = 199, the 199th smallest: 199.
        assertThat(timing.calls()).isEqualTo(201);
        assertThat(timing.p99Nanos()).isEqualTo(199);
        assertThat(timing.meanNanos()).isEqualTo((200 * 201 / 2 + 2_000_000_000L) / 201);
    }

    /** Steps the world by the step's dt in Update and resets it, at the physics priority, as gz sim's Physics does. */
    static final class Stepper implements Update, Reset, Prioritized, NamedSystem {
        @Override
        public void update(UpdateInfo info, PhysicsWorld world) {
            if (!info.paused()) {
                world.step(info.dtSeconds());
            }
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {
            world.reset();
        }

        @Override
        public int priority() {
            return Priorities.PHYSICS;
        }

        @Override
        public String systemName() {
            return "physics";
        }
    }

    /** A stateless observer, named after its class. */
    static final class Sensor implements PostUpdate, Stateless {
        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {}
    }

    @Test
    void postUpdateGetsAViewThatIsNotThePhysicsWorld() {
        List<WorldView> seen = new ArrayList<>();
        manager.add((PostUpdate) (info, view) -> seen.add(view));
        manager.add(new Stepper());

        step(UpdateInfo.START);

        WorldView view = seen.get(0);
        assertThat(view).isNotInstanceOf(PhysicsWorld.class);
        assertThat(view.modelNames()).containsExactly("a", "b");
        assertThatThrownBy(() -> view.modelNames().add("c")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(view.model("a")).map(m -> m.pose().position().x()).contains(0.001);
    }

    @Test
    void physicsSystemStepsTheWorldBetweenPreUpdateAndPostUpdate() {
        Map<String, Double> xAt = new ConcurrentHashMap<>();
        manager.add((PreUpdate) (info, w) -> xAt.put("pre", ((RecordingWorld) w).x("a")));
        manager.add((PostUpdate) (info, w) ->
                xAt.put("post", w.model("a").orElseThrow().pose().position().x()));
        manager.add(new Stepper());

        UpdateInfo info = UpdateInfo.START;
        for (int i = 0; i < 10; i++) {
            info = step(info);
        }

        assertThat(world.steps).isEqualTo(10);
        assertThat(xAt.get("pre")).isCloseTo(0.009, offset(1e-12));
        assertThat(xAt.get("post")).isCloseTo(0.010, offset(1e-12));
    }

    @Test
    void parallelPostUpdateSystemsSeeOneConsistentReadOnlyWorldWhileTheRunnerWaits() throws Exception {
        int systems = 4;
        manager = new SystemManager(true, systems);
        manager.add(new Stepper());
        // Every PostUpdate system waits for all the others each step: this only completes if they run at once.
        CyclicBarrier together = new CyclicBarrier(systems);
        List<Map<Long, List<Double>>> seenBySystem = new ArrayList<>();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int s = 0; s < systems; s++) {
            Map<Long, List<Double>> seen = new ConcurrentHashMap<>();
            seenBySystem.add(seen);
            manager.add((PostUpdate) (info, view) -> {
                threads.add(Thread.currentThread().getName());
                assertThat(view).isNotInstanceOf(PhysicsWorld.class);
                List<Double> xs = new ArrayList<>();
                for (String name : view.modelNames()) {
                    xs.add(view.model(name)
                            .map(ModelState::pose)
                            .orElseThrow()
                            .position()
                            .x());
                }
                try {
                    together.await(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the PostUpdate systems did not run together", e);
                }
                // Read again after every system has read once: the runner must not have stepped meanwhile.
                xs.add(view.model("b").orElseThrow().pose().position().x());
                seen.put(info.iterations(), xs);
            });
        }

        UpdateInfo info = UpdateInfo.START;
        List<List<Double>> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            info = step(info);
            expected.add(List.of(world.x("a"), world.x("b"), world.x("b")));
        }

        for (Map<Long, List<Double>> seen : seenBySystem) {
            for (int i = 0; i < 20; i++) {
                assertThat(seen.get(i + 1L)).as("iteration %d", i + 1).isEqualTo(expected.get(i));
            }
        }
        assertThat(expected.get(19).get(0)).isCloseTo(0.020, offset(1e-12));
        assertThat(threads)
                .hasSize(systems)
                .noneMatch(t -> t.equals(Thread.currentThread().getName()));
        assertThat(world.maxConcurrentReads.get())
                .as("reads of the world are serialized")
                .isEqualTo(1);
    }

    @Test
    void aFailingSystemIsNamedWithItsPhaseAndStopsTheRestOfThePhase() {
        manager.add(new Logging("before"), OptionalInt.of(-1));
        manager.add(new Broken(), OptionalInt.of(0));
        manager.add(new Logging("after"), OptionalInt.of(1));

        UpdateInfo info = UpdateInfo.START.next(STEP, STEP);
        assertThatThrownBy(() -> manager.runPreUpdate(info, world)).isInstanceOfSatisfying(SystemException.class, e -> {
            assertThat(e.systemName()).isEqualTo("broken");
            assertThat(e.phase()).isEqualTo(Phase.PRE_UPDATE);
            assertThat(e)
                    .hasMessage("system 'broken' failed in PreUpdate: IllegalStateException: boom in pre")
                    .hasCauseInstanceOf(IllegalStateException.class);
        });
        assertThat(log).containsExactly("before:pre");
        assertThatThrownBy(() -> manager.runUpdate(info, world)).hasMessageContaining("'broken' failed in Update");
        assertThatThrownBy(() -> manager.runPostUpdate(info, world))
                .hasMessageContaining("'broken' failed in PostUpdate");
        assertThatThrownBy(() -> manager.runReset(info, world)).hasMessageContaining("'broken' failed in Reset");
    }

    private static final class Broken implements PreUpdate, Update, PostUpdate, Reset, NamedSystem {
        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            throw new IllegalStateException("boom in pre");
        }

        @Override
        public void update(UpdateInfo info, PhysicsWorld world) {
            throw new IllegalStateException("boom in update");
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            throw new IllegalStateException("boom in post");
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {
            throw new IllegalStateException("boom in reset");
        }

        @Override
        public String systemName() {
            return "broken";
        }
    }

    @Test
    void parallelPostUpdateFailureIsRethrownAfterEverySystemFinished() {
        manager = new SystemManager(true, 2);
        Broken broken = new Broken();
        manager.add(broken);
        manager.add(new Logging("first"));
        manager.add(new Logging("second"));
        manager.add(new Logging("third"));

        UpdateInfo info = UpdateInfo.START.next(STEP, STEP);
        assertThatThrownBy(() -> manager.runPostUpdate(info, world))
                .isInstanceOfSatisfying(SystemException.class, e -> {
                    assertThat(e.systemName()).isEqualTo("broken");
                    assertThat(e.phase()).isEqualTo(Phase.POST_UPDATE);
                });
        assertThat(log).containsExactlyInAnyOrder("first:post", "second:post", "third:post");

        // The pool survives a failure: the next step runs everyone again.
        log.clear();
        manager.remove(broken);
        manager.runPostUpdate(info, world);
        assertThat(log).containsExactlyInAnyOrder("first:post", "second:post", "third:post");
    }

    @Test
    void resetIsRefusedNamingSystemsThatNeitherResetNorAreStateless() {
        manager.add(new Logging("resettable"));
        manager.add(new Sensor());
        manager.add((Update) (info, w) -> log.add("stateful:update"), OptionalInt.empty());
        assertThat(manager.systemsNotSupportingReset())
                .singleElement()
                .asString()
                .startsWith("lambda Update@");

        assertThatThrownBy(() -> manager.runReset(UpdateInfo.START, world))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("neither implement Reset nor are marked Stateless: lambda Update@");
        assertThat(log).as("nothing is reset when one system cannot be").isEmpty();
    }

    @Test
    void resetRunsWhenEverySystemResetsOrIsStateless() {
        manager.add(new Stepper());
        manager.add(new Logging("resettable"));
        manager.add(new Sensor());
        UpdateInfo info = UpdateInfo.START;
        for (int i = 0; i < 5; i++) {
            info = step(info);
        }
        assertThat(world.x("a")).isCloseTo(0.005, offset(1e-12));

        assertThat(manager.systemsNotSupportingReset()).isEmpty();
        manager.runReset(UpdateInfo.START, world);

        assertThat(world.x("a")).isZero();
        assertThat(world.x("b")).isEqualTo(10.0);
        assertThat(namesIn("reset")).containsExactly("resettable");
    }

    @Test
    void whatParallelPostUpdateSystemsHandBackRunsAfterTheRoundInTheSerialOrder() throws Exception {
        manager = new SystemManager(true, 2);
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        CyclicBarrier bothRunning = new CyclicBarrier(2);
        // The first system hands back its part only after the second has handed back its own, so in time the order
        // is second, first; the serial mode's order is first, second.
        manager.add(
                (PostUpdate) (info, w) -> {
                    await(bothRunning);
                    await(bothRunning);
                    assertThat(manager.postUpdateView())
                            .as("the round's view, on a pool thread")
                            .isPresent();
                    manager.afterPostUpdateRound(() -> ran.add("first:a")).orElseThrow();
                    manager.afterPostUpdateRound(() -> ran.add("first:b")).orElseThrow();
                },
                OptionalInt.of(1));
        manager.add(
                (PostUpdate) (info, w) -> {
                    await(bothRunning);
                    manager.afterPostUpdateRound(() -> ran.add("second")).orElseThrow();
                    await(bothRunning);
                },
                OptionalInt.of(2));

        manager.runPostUpdate(UpdateInfo.START.next(STEP, STEP), world);

        assertThat(ran).containsExactly("first:a", "first:b", "second");
        assertThat(manager.afterPostUpdateRound(() -> ran.add("off the pool")))
                .as("off the pool's threads")
                .isEmpty();
        assertThat(manager.postUpdateView()).as("off the pool's threads").isEmpty();
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the other PostUpdate system did not come: " + e, e);
        }
    }

    @Test
    void aClosedManagerRefusesWork() {
        manager = new SystemManager(true, 2);
        manager.add(new Logging("one"));
        manager.add(new Logging("two"));
        manager.close();

        assertThatThrownBy(() -> manager.runPostUpdate(UpdateInfo.START, world))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> manager.add(new Logging("three"))).hasMessageContaining("closed");
    }
}
