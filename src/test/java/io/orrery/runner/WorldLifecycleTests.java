package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import io.orrery.builtin.Extensions;
import io.orrery.builtin.PosePublisherPlugin;
import io.orrery.event.Events;
import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SavedWorld;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.Configure;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSaver;
import io.orrery.world.WorldSaver.SaveOptions;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfException;
import io.orrery.world.sdf.SdfReader;
import io.orrery.world.sdf.SdfWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The world lifecycle through the runner, on real JBullet: plugins and their start tracking, the reset cascade,
 * runtime edits and their undoing by reset, full reload, and the world save round trip.
 */
class WorldLifecycleTests {

    private static final Path WORLD = Path.of("src/test/resources/worlds/lifecycle.sdf");
    private static final SdfReader READER = new SdfReader(List.of());
    private static final String BALL_SNIPPET = """
            <model name="spawned_ball">
              <pose>0 3 1 0 0 0</pose>
              <link name="link">
                <inertial><mass>0.2</mass></inertial>
                <collision name="c"><geometry><sphere><radius>0.1</radius></sphere></geometry></collision>
              </link>
              <plugin name="spawned_recorder" filename="test-recorder"/>
            </model>
            """;

    /** Everything the test plugins, systems and sinks saw, in order. */
    private final List<String> journal = Collections.synchronizedList(new ArrayList<>());

    private final List<String> published = new CopyOnWriteArrayList<>();
    private SimulationRunner runner;

    @TempDir
    Path dir;

    @AfterEach
    void stopRunner() throws Exception {
        if (runner != null && runner.isRunning()) {
            runner.control().stop();
            runner.finished().get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void everyPluginIsStartedBeforeTheSimulationStartsAndGazeboSystemsAreIgnored() throws Exception {
        start(registry(), RunnerSettings.defaults().withStartPaused(true));
        awaitState(SimState.PAUSE);

        assertThat(runner.reads().pluginProgress().allStarted()).isTrue();
        assertThat(runner.reads().pluginStatuses())
                .extracting(PluginStatus::name, PluginStatus::state)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("recorder", PluginState.STARTED),
                        org.assertj.core.groups.Tuple.tuple("ball::ball_recorder", PluginState.STARTED));
        assertThat(journal).contains("recorder:started", "ball::ball_recorder:started");
        assertThat(journal.indexOf("recorder:started")).isLessThan(journal.indexOf("recorder:event:SimulationStarted"));
    }

    @Test
    void theInitialResetReachesAPluginAfterItsSlowStartHasReturned() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        PluginRegistry registry = registry();
        registry.register(spec -> new RecorderPlugin(journal, release), "test-slow");
        Path world = worldWithExtraPlugin("<plugin name=\"slow\" filename=\"test-slow\"/>");
        start(registry, RunnerSettings.defaults().withStartPaused(true), world);

        awaitJournal("slow:start-begin");
        assertThat(runner.reads().currentState()).isEqualTo(SimState.CONNECT);
        assertThat(runner.reads().pluginProgress().allStarted()).isFalse();
        release.countDown();
        awaitState(SimState.PAUSE);

        // The host held the load's reset until start returned: start, then reset, never both at once.
        assertThat(journal.indexOf("slow:started")).isLessThan(journal.indexOf("slow:reset"));
    }

    @Test
    void aStopWhilePluginsStartIsAStopNotAFailureToStart() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        PluginRegistry registry = registry();
        registry.register(spec -> new RecorderPlugin(journal, release), "test-slow");
        start(
                registry,
                RunnerSettings.defaults(),
                worldWithExtraPlugin("<plugin name=\"slow\" filename=\"test-slow\"/>"));
        try {
            awaitJournal("slow:start-begin");

            runner.control().stop();
            RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

            assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
            assertThat(result.iterations()).isZero();
        } finally {
            release.countDown();
        }
    }

    @Test
    void aFailingPluginIsUnloadedWithItsReasonAndTheWorldRunsOn() throws Exception {
        PluginRegistry registry = registry();
        registry.register(spec -> new FailingPlugin(journal), "test-failing");
        start(
                registry,
                RunnerSettings.defaults().withStartPaused(true),
                worldWithExtraPlugin("<plugin name=\"flaky\" filename=\"test-failing\"/>"));
        awaitState(SimState.PAUSE);

        PluginStatus flaky = runner.reads().pluginStatuses().stream()
                .filter(p -> p.name().equals("flaky"))
                .findFirst()
                .orElseThrow();
        assertThat(flaky.state()).isEqualTo(PluginState.FAILED);
        assertThat(flaky.error()).hasValueSatisfying(e -> assertThat(e).contains("no camera attached"));
        assertThat(journal).contains("flaky:end");
        assertThat(runner.control().step(10).get(10, TimeUnit.SECONDS).iterations())
                .isEqualTo(10);
    }

    @Test
    void aRequiredPluginThatFailsMeansNoStart() throws Exception {
        PluginRegistry registry = registry();
        registry.register(spec -> new FailingPlugin(journal), "test-failing");
        start(
                registry,
                RunnerSettings.defaults(),
                worldWithExtraPlugin("<plugin name=\"camera\" filename=\"test-failing\" required=\"true\"/>"));

        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);
        assertThat(result.outcome()).isEqualTo(Outcome.NO_START);
        assertThat(result.message())
                .hasValueSatisfying(m -> assertThat(m).contains("camera").contains("no camera attached"));
    }

    @Test
    void theResetCascadeRunsHelpersThenDevicesThenPluginsWithOutputPausedAndAPluginThatCannotRestartAborts()
            throws Exception {
        PluginRegistry registry = registry();
        registry.register(spec -> new ThrowingResetPlugin(journal), "test-throwing-reset");
        DeviceSystem device = new DeviceSystem(journal);
        start(
                registry,
                RunnerSettings.defaults().withStartPaused(true),
                worldWithExtraPlugin("<plugin name=\"broken_reset\" filename=\"test-throwing-reset\"/>"),
                device);
        awaitState(SimState.PAUSE);
        runner.control().step(500).get(10, TimeUnit.SECONDS);
        journal.clear();
        published.clear();

        runner.control().reset();
        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

        // The device saw a world already reset (the helpers ran first: time zero, the ball back up).
        assertThat(device.ballHeightAtReset).isCloseTo(3.0, within(1e-6));
        assertThat(device.simTimeAtReset).isZero();
        int deviceReset = journal.indexOf("device:reset");
        assertThat(deviceReset).isNotNegative();
        assertThat(journal.indexOf("recorder:reset")).isGreaterThan(deviceReset);
        assertThat(journal.indexOf("broken_reset:reset")).isGreaterThan(deviceReset);
        // Publishing during the reset (the recorder publishes in reset) was held back.
        assertThat(published).contains("reset-signal").doesNotContain("recorder:during-reset");
        assertThat(runner.reads().isResetting()).isFalse();
        // Cloe's rule: a reset happens only if every component can restart; this plugin could not.
        assertThat(result.outcome()).isEqualTo(Outcome.ABORTED);
        assertThat(result.message())
                .hasValueSatisfying(
                        m -> assertThat(m).contains("plugin 'broken_reset' could not restart: reset failed"));
    }

    @Test
    void spawnRemoveTeleportAndStaticAreUndoneByReset() throws Exception {
        start(registry(), RunnerSettings.defaults().withStartPaused(true));
        awaitState(SimState.PAUSE);
        ModelSpec spawn = READER.readModel(BALL_SNIPPET, "snippet");

        runner.edits().spawn(spawn, Optional.of(BALL_SNIPPET)).get(10, TimeUnit.SECONDS);
        runner.edits().remove("ball").get(10, TimeUnit.SECONDS);
        runner.edits().teleport("box", Pose.of(5, 5, 1, 0, 0, 1)).get(10, TimeUnit.SECONDS);
        runner.edits().setStatic("box", true).get(10, TimeUnit.SECONDS);
        runner.control().step(100).get(10, TimeUnit.SECONDS);
        awaitJournal("spawned_ball::spawned_recorder:started");
        assertThat(runner.reads().snapshot().modelNames()).containsExactly("ground", "box", "spawned_ball");
        var box = runner.reads().snapshot().model("box").orElseThrow();
        assertThat(box.pose().x()).isCloseTo(5.0, within(1e-6));
        assertThat(box.pose().z()).as("static: it does not fall").isCloseTo(1.0, within(1e-6));
        assertThat(journal).contains("ball::ball_recorder:end");
        assertThat(runner.reads().pluginProgress().total()).isEqualTo(2);

        runner.control().reset().get(10, TimeUnit.SECONDS);

        var after = runner.reads().snapshot();
        assertThat(after.modelNames()).containsExactly("ground", "box", "ball");
        assertThat(after.model("ball").orElseThrow().pose().z()).isCloseTo(3.0, within(1e-6));
        assertThat(after.model("box").orElseThrow().isStatic()).isFalse();
        assertThat(after.model("box").orElseThrow().pose().z()).isCloseTo(0.25, within(1e-6));
        assertThat(after.model("box").orElseThrow().pose().x()).isCloseTo(0.0, within(1e-6));
        assertThat(runner.reads().status().simTimeNanos()).isZero();
        assertThat(journal).contains("spawned_ball::spawned_recorder:end");
        // The removed ball's plugin came back with it.
        awaitPluginState("ball::ball_recorder", PluginState.STARTED);
    }

    @Test
    void aReloadPicksUpEditsAndABrokenFileLeavesTheRunningWorldAlone() throws Exception {
        Path world = dir.resolve("world.sdf");
        Files.copy(WORLD, world);
        start(registry(), RunnerSettings.defaults().withStartPaused(true), world);
        awaitState(SimState.PAUSE);
        runner.control().step(10).get(10, TimeUnit.SECONDS);

        Files.writeString(
                world, Files.readString(world).replace("<pose>2 0 3 0 0 0</pose>", "<pose>-2 0 4 0 0 0</pose>"));
        SimulationStatus reloaded = runner.control().reload(Optional.empty()).get(20, TimeUnit.SECONDS);

        assertThat(reloaded.state()).isEqualTo(SimState.PAUSE);
        assertThat(reloaded.iterations()).isZero();
        assertThat(runner.reads().snapshot().model("ball").orElseThrow().pose().x())
                .isCloseTo(-2.0, within(1e-6));
        assertThat(journal).contains("recorder:end");

        Files.writeString(world, "<sdf version=\"1.10\"><world name=\"w\"><model name=\"x\">");
        assertThatThrownBy(() -> runner.control().reload(Optional.empty()).get(20, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(SdfException.class);
        assertThat(runner.control().step(3).get(10, TimeUnit.SECONDS).iterations())
                .isEqualTo(3);
        assertThat(runner.reads().status().outcome()).isEmpty();
    }

    @Test
    void aSavedWorldLoadsAgainWithTheSamePoses() throws Exception {
        start(registry(), RunnerSettings.defaults().withStartPaused(true));
        awaitState(SimState.PAUSE);
        runner.edits()
                .spawn(READER.readModel(BALL_SNIPPET, "snippet"), Optional.of(BALL_SNIPPET))
                .get(10, TimeUnit.SECONDS);
        runner.edits().remove("box").get(10, TimeUnit.SECONDS);
        runner.control().step(700).get(10, TimeUnit.SECONDS);
        var before = runner.reads().snapshot();

        SavedWorld saved = runner.edits().captureForSave().get(10, TimeUnit.SECONDS);
        WorldSaver saver = new WorldSaver(dir);
        Path target = saver.resolveForSave(Path.of("saved/run1.sdf"));
        saver.save(
                new SdfWriter().write(saved.loaded(), saved.state(), target),
                Path.of("saved/run1.sdf"),
                SaveOptions.protecting(saved.loaded().source()));

        WorldSpec again = READER.read(dir.resolve("saved/run1.sdf"));
        assertThat(again.models()).extracting(ModelSpec::name).containsExactly("ground", "ball", "spawned_ball");
        for (ModelSpec m : again.models()) {
            Pose was = before.model(m.name()).orElseThrow().pose();
            assertThat(m.pose().position().minus(was.position()).length())
                    .as(m.name())
                    .isLessThan(1e-6);
            assertThat(m.pose().rotation().angleTo(was.rotation())).as(m.name()).isLessThan(1e-6);
        }
    }

    @Test
    void thePosePublisherAndTheLifecycleBridgeWorkEndToEnd() throws Exception {
        List<String> bridgeBodies = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/signal", exchange -> {
            bridgeBodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            String plugins = "<plugin name=\"poses\" filename=\"" + PosePublisherPlugin.FILENAME + "\">"
                    + "<update_rate>50</update_rate></plugin>"
                    + "<plugin name=\"bridge\" filename=\"orrery-lifecycle-bridge\"><endpoint>http://127.0.0.1:"
                    + server.getAddress().getPort() + "/signal</endpoint></plugin>";
            start(registry(), RunnerSettings.defaults().withRealTimeFactor(1), worldWithExtraPlugin(plugins));
            awaitPublished("poses");
            awaitCondition(() -> bridgeBodies.stream().anyMatch(b -> b.contains("\"started\"")), "bridge: started");

            runner.control().reset().get(10, TimeUnit.SECONDS);
            awaitCondition(() -> bridgeBodies.stream().anyMatch(b -> b.contains("\"reset\"")), "bridge: reset");
            runner.control().stop().get(10, TimeUnit.SECONDS);
            awaitCondition(() -> bridgeBodies.stream().anyMatch(b -> b.contains("\"stopped\"")), "bridge: stopped");
            assertThat(bridgeBodies.get(0)).contains("\"world\":\"lifecycle\"");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void pluginsThatAreSystemsTakePartInEveryStepInTheirSdfPriorityOrder() throws Exception {
        PluginRegistry registry = registry();
        registry.register(spec -> new ControllerPlugin(journal), "test-controller");
        start(
                registry,
                RunnerSettings.defaults().withStartPaused(true),
                worldWithExtraPlugin(
                        "<plugin name=\"late\" filename=\"test-controller\"><gz:system_priority>10</gz:system_priority>"
                                + "<gain>1</gain></plugin>"
                                + "<plugin name=\"early\" filename=\"test-controller\"><gz:system_priority>-100</gz:system_priority>"
                                + "<gain>2</gain></plugin>"));
        awaitState(SimState.PAUSE);
        awaitJournal("late:configured gain 1");
        awaitJournal("early:configured gain 2");
        journal.clear();

        runner.control().step(3).get(10, TimeUnit.SECONDS);

        assertThat(journal)
                .containsExactly(
                        "early:step 1", "late:step 1", "early:step 2", "late:step 2", "early:step 3", "late:step 3");
    }

    // ---------------------------------------------------------------- fixtures

    private PluginRegistry registry() {
        PluginRegistry registry = Extensions.discovered().plugins();
        registry.register(spec -> new RecorderPlugin(journal, null), "test-recorder");
        return registry;
    }

    private Path worldWithExtraPlugin(String pluginXml) throws Exception {
        Path world = dir.resolve("world-" + System.nanoTime() + ".sdf");
        Files.writeString(
                world,
                Files.readString(WORLD)
                        .replace(
                                "<plugin name=\"recorder\" filename=\"test-recorder\"/>",
                                "<plugin name=\"recorder\" filename=\"test-recorder\"/>" + pluginXml));
        return world;
    }

    private void start(PluginRegistry registry, RunnerSettings settings, Object... systems) {
        start(registry, settings, WORLD, systems);
    }

    private void start(PluginRegistry registry, RunnerSettings settings, Path world, Object... systems) {
        List<SystemRegistration> registrations = new ArrayList<>();
        for (Object s : systems) {
            registrations.add(new SystemRegistration(s, OptionalInt.empty()));
        }
        runner = SimulationRunner.builder(READER::read, world, new JBulletPhysicsEngine())
                .systems(() -> registrations)
                .plugins(registry, PluginSettings.defaults())
                .settings(settings.withRealTimeFactor(settings.realTimeFactor().orElse(0)))
                .events((topic, payload) -> published.add(
                        topic.equals(Events.RESET)
                                ? "reset-signal"
                                : topic.equals("test") ? String.valueOf(payload) : topic))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
    }

    private void awaitState(SimState state) throws InterruptedException {
        awaitCondition(() -> runner.reads().currentState() == state, "state " + state);
    }

    private void awaitJournal(String entry) throws InterruptedException {
        awaitCondition(() -> journal.contains(entry), "journal entry " + entry);
    }

    private void awaitPublished(String topic) throws InterruptedException {
        awaitCondition(() -> published.contains(topic), "an event on " + topic);
    }

    private void awaitPluginState(String name, PluginState state) throws InterruptedException {
        awaitCondition(
                () -> runner.reads().pluginStatuses().stream()
                        .anyMatch(p -> p.name().equals(name) && p.state() == state),
                name + " " + state);
    }

    private static void awaitCondition(java.util.function.BooleanSupplier condition, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    /** Records its lifecycle; publishes during reset to show the output gate; optionally starts slowly. */
    static class RecorderPlugin implements Plugin {
        final List<String> journal;
        final CountDownLatch release;
        PluginContext context;

        RecorderPlugin(List<String> journal, CountDownLatch release) {
            this.journal = journal;
            this.release = release;
        }

        @Override
        public void awake(PluginContext ctx) {
            this.context = ctx;
        }

        @Override
        public void start(PluginContext ctx) throws Exception {
            journal.add(ctx.qualifiedName() + ":start-begin");
            if (release != null) {
                assertThat(release.await(30, TimeUnit.SECONDS)).isTrue();
            }
            journal.add(ctx.qualifiedName() + ":started");
        }

        @Override
        public void reset() {
            journal.add(context.qualifiedName() + ":reset");
            context.emit("test", context.qualifiedName() + ":during-reset");
        }

        @Override
        public void onEvent(PluginEvent event) {
            String entry =
                    context.qualifiedName() + ":event:" + event.getClass().getSimpleName();
            journal.add(entry);
            context.emit("test", entry);
        }

        @Override
        public void end() {
            journal.add(context.qualifiedName() + ":end");
        }
    }

    /** A plugin that is also a system, like a Gazebo system plugin: configured from its element, then stepped. */
    static final class ControllerPlugin extends RecorderPlugin implements PreUpdate, Configure, Stateless {
        ControllerPlugin(List<String> journal) {
            super(journal, null);
        }

        @Override
        public void configure(io.orrery.world.PluginSpec spec) {
            journal.add(
                    spec.name() + ":configured gain " + spec.parameter("gain").orElse("?"));
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            if (!info.paused()) {
                journal.add(context.spec().name() + ":step " + info.iterations());
            }
        }
    }

    /** A plugin whose start fails, as a driver with no hardware would. */
    static final class FailingPlugin extends RecorderPlugin {
        FailingPlugin(List<String> journal) {
            super(journal, null);
        }

        @Override
        public void start(PluginContext ctx) {
            throw new IllegalStateException("no camera attached");
        }
    }

    /** A plugin whose reset throws: the cascade must still finish and resume output. */
    static final class ThrowingResetPlugin extends RecorderPlugin {
        ThrowingResetPlugin(List<String> journal) {
            super(journal, null);
        }

        @Override
        public void reset() {
            super.reset();
            throw new IllegalStateException("reset failed");
        }
    }

    /** A device: a system with state, which records what the world looked like when it was reset. */
    static final class DeviceSystem implements PreUpdate, Reset {
        final List<String> journal;
        volatile double ballHeightAtReset = Double.NaN;
        volatile long simTimeAtReset = -1;

        DeviceSystem(List<String> journal) {
            this.journal = journal;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {}

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {
            journal.add("device:reset");
            ballHeightAtReset = world.model("ball").orElseThrow().pose().z();
            simTimeAtReset = info.simTimeNanos();
        }
    }
}
