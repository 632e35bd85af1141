package io.orrery.plugin.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.orrery.plugin.CollectingSink;
import io.orrery.plugin.FakeWorldAccess;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginApi;
import io.orrery.plugin.PluginEvent.Paused;
import io.orrery.plugin.PluginEvent.SimulationStarted;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginStartException;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.plugin.internal.PluginStartEvent.AllStarted;
import io.orrery.plugin.internal.PluginStartEvent.ProgressChanged;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PluginHostTests {

    private static final String TYPE = "test-plugin";
    private static final Duration GENEROUS = Duration.ofSeconds(20);
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");

    private final List<String> calls = ScriptedPlugin.newCallLog();
    private final Map<String, ScriptedPlugin> scripted = new HashMap<>();
    private final PluginRegistry registry = new PluginRegistry().register(spec -> scripted.get(spec.name()), TYPE);
    private final FakeWorldAccess world = new FakeWorldAccess(WorldSnapshot.empty("test"));
    private final CollectingSink sink = new CollectingSink();
    private final List<PluginHost> hosts = new ArrayList<>();

    @AfterEach
    void endHosts() {
        hosts.forEach(PluginHost::endAll);
    }

    private ScriptedPlugin plugin(String name) {
        ScriptedPlugin p = new ScriptedPlugin(name, calls);
        scripted.put(name, p);
        return p;
    }

    private static PluginSpec spec(String name) {
        return spec(name, TYPE, false);
    }

    private static PluginSpec spec(String name, String filename, boolean required) {
        return new PluginSpec(name, filename, List.of(), OptionalInt.empty(), required, 1);
    }

    private static List<OwnedPluginSpec> worldLevel(PluginSpec... specs) {
        return List.of(specs).stream()
                .map(s -> new OwnedPluginSpec(PluginOwner.world(), s))
                .toList();
    }

    private PluginHost host(List<OwnedPluginSpec> specs) {
        return host(specs, new PluginHostOptions(0, Set.of(), Clock.fixed(NOW, ZoneOffset.UTC)));
    }

    private PluginHost host(List<OwnedPluginSpec> specs, PluginHostOptions options) {
        PluginHost host = new PluginHost(registry, specs, world, sink, options);
        hosts.add(host);
        return host;
    }

    /** Spawns {@code model} with {@code plugin}; returns once its start runs, which then waits for {@code release}. */
    private static CompletableFuture<List<PluginStatus>> addHeldInStart(
            PluginHost host, String model, ScriptedPlugin plugin, CountDownLatch release) throws InterruptedException {
        CountDownLatch inStart = new CountDownLatch(1);
        plugin.onStart = () -> {
            inStart.countDown();
            release.await(20, TimeUnit.SECONDS);
        };
        var settled = host.addModelPlugins(model, List.of(spec(plugin.name)));
        assertThat(inStart.await(20, TimeUnit.SECONDS)).isTrue();
        return settled;
    }

    private static PluginStatus status(PluginHost host, String name) {
        return host.statuses().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void wakesInOrderStartsAllAndReportsThemStarted() {
        plugin("a");
        plugin("b");
        PluginHost host = host(worldLevel(spec("a"), spec("b")));

        host.startAll(GENEROUS);

        assertThat(calls.subList(0, 2)).containsExactly("a:awake", "b:awake");
        assertThat(host.statuses())
                .extracting(PluginStatus::state)
                .containsExactly(PluginState.STARTED, PluginState.STARTED);
        assertThat(status(host, "a"))
                .isEqualTo(new PluginStatus(
                        "a",
                        TYPE,
                        PluginOwner.world(),
                        PluginState.STARTED,
                        Optional.empty(),
                        Optional.of(NOW),
                        false));
        assertThat(host.progress()).isEqualTo(new StartProgress(2, 2, true));
    }

    @Test
    void slowPluginsStartInParallel() {
        AtomicInteger maxRunning = new AtomicInteger();
        PluginHost host = host(worldLevel(sixStartsThatWaitForTwoAtOnce(maxRunning)));

        host.startAll(GENEROUS);

        assertThat(maxRunning.get()).isGreaterThan(1);
        assertThat(host.statuses()).allMatch(s -> s.state() == PluginState.STARTED);
    }

    @Test
    void theStartPoolBoundsHowManyStartAtOnce() {
        AtomicInteger maxRunning = new AtomicInteger();
        PluginHost host = host(
                worldLevel(sixStartsThatWaitForTwoAtOnce(maxRunning)),
                new PluginHostOptions(2, Set.of(), Clock.systemUTC()));

        host.startAll(GENEROUS);

        // At least two by the starts' own wait, at most two by the pool.
        assertThat(maxRunning.get()).isEqualTo(2);
        assertThat(host.progress()).isEqualTo(new StartProgress(6, 6, true));
    }

    @Test
    void timeoutNamesThePluginsStillStarting() throws Exception {
        plugin("fast");
        CountDownLatch release = new CountDownLatch(1);
        plugin("slow").onStart = () -> release.await(20, TimeUnit.SECONDS);
        PluginHost host = host(worldLevel(spec("fast"), spec("slow")));

        assertThatThrownBy(() -> host.startAll(Duration.ofMillis(200)))
                .isInstanceOf(PluginStartException.class)
                .hasMessage("timed out waiting for plugins (1/2 started): slow");
        assertThat(status(host, "slow").state()).isEqualTo(PluginState.STARTING);

        release.countDown();
        host.tracker().await(GENEROUS);
        assertThat(status(host, "slow").state()).isEqualTo(PluginState.STARTED);
    }

    @Test
    void aPluginWhoseStartThrowsIsUnloadedWithItsReasonAndTheLoadGoesOn() {
        plugin("ok");
        ScriptedPlugin bad = plugin("bad");
        bad.onStart = () -> {
            throw new IOException("port 9 in use");
        };
        bad.onEnd = () -> {
            throw new IllegalStateException("end also broke");
        };
        PluginHost host = host(worldLevel(spec("ok"), spec("bad")));

        host.startAll(GENEROUS);

        PluginStatus failed = status(host, "bad");
        assertThat(failed.state()).isEqualTo(PluginState.FAILED);
        assertThat(failed.error()).contains("start failed: port 9 in use");
        assertThat(failed.startedAt()).isEmpty();
        assertThat(bad.count("end")).isEqualTo(1);
        assertThat(status(host, "ok").state()).isEqualTo(PluginState.STARTED);
        assertThat(host.progress()).isEqualTo(new StartProgress(1, 1, true));
    }

    @Test
    void aPluginWhoseAwakeThrowsIsUnloadedAndNeverStarted() {
        ScriptedPlugin bad = plugin("bad");
        bad.onAwake = () -> {
            throw new IllegalArgumentException("<update_rate> must be > 0, got -1");
        };
        PluginHost host = host(worldLevel(spec("bad")));

        host.startAll(GENEROUS);

        assertThat(status(host, "bad").error()).contains("awake failed: <update_rate> must be > 0, got -1");
        assertThat(bad.count("start")).isZero();
        assertThat(bad.count("end")).isEqualTo(1);
        assertThat(host.progress()).isEqualTo(new StartProgress(0, 0, true));
    }

    @Test
    void aPluginNeedingANewerApiIsRefusedBeforeAwake() {
        plugin("future").apiVersion = PluginApi.VERSION + 1;
        PluginHost host = host(worldLevel(spec("future")));

        host.startAll(GENEROUS);

        assertThat(status(host, "future").state()).isEqualTo(PluginState.FAILED);
        assertThat(status(host, "future").error())
                .contains("plugin 'future' (type test-plugin) needs plugin API 2, this Orrery provides 1");
        assertThat(calls).isEmpty();
    }

    @Test
    void aRequiredPluginThatFailsStopsTheStartOnceTheOthersSettled() {
        plugin("ok");
        plugin("needed").onStart = () -> {
            throw new IOException("no licence");
        };
        PluginHost host = host(worldLevel(spec("needed", TYPE, true), spec("ok")));

        assertThatThrownBy(() -> host.startAll(GENEROUS))
                .isInstanceOf(PluginStartException.class)
                .hasMessage("required plugin 'needed' (test-plugin) failed to start: start failed: no licence")
                .satisfies(e -> assertThat(((PluginStartException) e).failures())
                        .extracting(PluginStatus::name)
                        .containsExactly("needed"));
        assertThat(status(host, "ok").state()).isEqualTo(PluginState.STARTED);
        assertThat(scripted.get("needed").count("end")).isEqualTo(1);
    }

    @Test
    void pluginsNamedRequiredInTheOptionsAreRequiredToo() {
        plugin("bridge").apiVersion = 99;
        PluginHost host =
                host(worldLevel(spec("bridge")), new PluginHostOptions(0, Set.of("bridge"), Clock.systemUTC()));

        assertThatThrownBy(() -> host.startAll(GENEROUS))
                .isInstanceOf(PluginStartException.class)
                .hasMessageContaining("required plugin 'bridge'")
                .hasMessageContaining("needs plugin API 99, this Orrery provides 1");
    }

    @Test
    void filenamesOrreryDoesNotProvideAreListedAsUnsupportedUnlessRequired() {
        plugin("a");
        PluginSpec gazebo = spec("gz::sim::systems::LogRecord", "gz-sim-log-system", false);
        PluginHost host = host(worldLevel(gazebo, spec("a")));

        host.startAll(GENEROUS);

        assertThat(host.ignored()).extracting(o -> o.spec().filename()).containsExactly("gz-sim-log-system");
        // nothing silent (issue 35): the plugin the world names is listed, not run, and does not hold the start up
        assertThat(host.statuses())
                .extracting(PluginStatus::name, PluginStatus::state)
                .containsExactly(
                        tuple("a", PluginState.STARTED), tuple("gz::sim::systems::LogRecord", PluginState.UNSUPPORTED));
        assertThat(host.statuses().get(1).error())
                .hasValueSatisfying(e -> assertThat(e).contains("not simulated by Orrery"));
        assertThat(host.progress().allStarted()).isTrue();

        PluginHost strict = host(worldLevel(spec("sensors", "gz-sim-sensors-system", true)));
        assertThatThrownBy(() -> strict.startAll(GENEROUS))
                .isInstanceOf(PluginStartException.class)
                .hasMessage("required plugin 'sensors' (gz-sim-sensors-system) failed to start: "
                        + "filename 'gz-sim-sensors-system' is not an Orrery plugin");
    }

    @Test
    void aSecondLivePluginOfTheSameNameIsRefused() {
        plugin("a");
        PluginHost host = host(worldLevel(spec("a"), spec("a")));

        host.startAll(GENEROUS);

        assertThat(host.statuses())
                .extracting(PluginStatus::state)
                .containsExactly(PluginState.STARTED, PluginState.FAILED);
        assertThat(host.statuses().get(1).error()).contains("another live plugin is already named 'a'");
    }

    @Test
    void resetContinuesPastAPluginWhoseResetThrows() {
        plugin("a");
        plugin("b").onReset = () -> {
            throw new IllegalStateException("b cannot reset");
        };
        plugin("c");
        PluginHost host = host(worldLevel(spec("a"), spec("b"), spec("c")));
        host.startAll(GENEROUS);
        calls.clear();

        List<PluginError> errors = host.resetAll();

        assertThat(calls).containsExactly("a:reset", "b:reset", "c:reset");
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).plugin()).isEqualTo("b");
        assertThat(errors.get(0).message()).isEqualTo("plugin 'b' failed in reset: b cannot reset");
        assertThat(host.statuses()).allMatch(s -> s.state() == PluginState.STARTED);
    }

    @Test
    void aResetBeforeStartFinishedIsDeliveredOnceStartReturns() throws Exception {
        PluginHost host = host(List.of());
        host.startAll(GENEROUS);
        CountDownLatch release = new CountDownLatch(1);
        ScriptedPlugin slow = plugin("lidar");

        var settled = addHeldInStart(host, "robot", slow, release);
        assertThat(host.resetAll()).isEmpty();
        assertThat(slow.count("reset")).isZero();
        release.countDown();

        List<PluginStatus> statuses = settled.get(20, TimeUnit.SECONDS);
        assertThat(statuses).extracting(PluginStatus::state).containsExactly(PluginState.STARTED);
        assertThat(calls).containsExactly("lidar:awake", "lidar:start", "lidar:started", "lidar:reset");
        assertThat(slow.resetWhileStarting).isFalse();
    }

    @Test
    void pluginsOfASpawnedModelAreTrackedWithoutRebinding() throws Exception {
        plugin("world_plugin");
        plugin("driver");
        PluginHost host = host(worldLevel(spec("world_plugin")));
        List<PluginStartEvent> events = new CopyOnWriteArrayList<>();
        host.tracker().addListener(events::add);
        host.startAll(GENEROUS);

        List<PluginStatus> added =
                host.addModelPlugins("robot1", List.of(spec("driver"))).get(20, TimeUnit.SECONDS);

        assertThat(added)
                .extracting(PluginStatus::name, PluginStatus::owner, PluginStatus::state)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(
                        "robot1::driver", PluginOwner.model("robot1"), PluginState.STARTED));
        assertThat(events)
                .containsExactly(
                        new ProgressChanged(0, 1),
                        new ProgressChanged(1, 1),
                        new AllStarted(1),
                        new ProgressChanged(1, 2),
                        new ProgressChanged(2, 2));
        assertThat(host.progress()).isEqualTo(new StartProgress(2, 2, true));
    }

    @Test
    void removingAModelEndsItsPluginsAndTheirCommands() throws Exception {
        ScriptedPlugin driver = plugin("driver");
        driver.commands = Map.of("speed", args -> Double.parseDouble(args.get("v")) * 2);
        ModelSpec robot = new ModelSpec(
                "robot1",
                Pose.IDENTITY,
                false,
                true,
                List.of(),
                List.of(),
                List.of(spec("driver")),
                List.of(),
                Optional.empty(),
                3);
        PluginHost host = host(OwnedPluginSpec.ofModel(robot));
        host.startAll(GENEROUS);

        assertThat(host.commandNames()).containsExactly("robot1::driver.speed");
        assertThat(host.command("robot1::driver.speed").orElseThrow().run(Map.of("v", "1.5")))
                .isEqualTo(3.0);

        assertThat(host.removeModelPlugins("robot1")).isEmpty();

        assertThat(driver.count("end")).isEqualTo(1);
        assertThat(status(host, "robot1::driver").state()).isEqualTo(PluginState.ENDED);
        assertThat(host.command("robot1::driver.speed")).isEmpty();
        assertThat(host.progress()).isEqualTo(new StartProgress(0, 0, true));

        // The same model spawned again gets its plugin back under the same name.
        host.addModelPlugins("robot1", List.of(spec("driver"))).get(20, TimeUnit.SECONDS);
        assertThat(host.statuses()).extracting(PluginStatus::state).containsExactly(PluginState.STARTED);
    }

    @Test
    void aModelRemovedWhileItsPluginStartsEndsThePluginOnceStartReturns() throws Exception {
        PluginHost host = host(List.of());
        host.startAll(GENEROUS);
        CountDownLatch release = new CountDownLatch(1);
        ScriptedPlugin slow = plugin("camera");
        slow.commands = Map.of("snap", args -> "click");
        var settled = addHeldInStart(host, "robot", slow, release);

        assertThat(host.removeModelPlugins("robot")).isEmpty();
        assertThat(slow.count("end")).as("end waits for start to return").isZero();
        release.countDown();

        assertThat(settled.get(20, TimeUnit.SECONDS))
                .extracting(PluginStatus::state)
                .containsExactly(PluginState.ENDED);
        assertThat(calls).containsExactly("camera:awake", "camera:start", "camera:started", "camera:end");
        assertThat(host.commandNames()).isEmpty();
        assertThat(host.progress()).isEqualTo(new StartProgress(0, 0, true));
    }

    @Test
    void eventsGoToStartedPluginsAndTheContextReachesTheSeams() {
        ScriptedPlugin a = plugin("a");
        ScriptedPlugin failed = plugin("failed");
        failed.onStart = () -> {
            throw new IOException("down");
        };
        PluginHost host = host(worldLevel(spec("a"), spec("failed")));
        host.startAll(GENEROUS);

        assertThat(host.broadcast(new SimulationStarted())).isEmpty();
        host.broadcast(new Paused());

        assertThat(a.events).containsExactly(new SimulationStarted(), new Paused());
        assertThat(failed.events).isEmpty();
        assertThat(a.context.submit("count", w -> 7).join()).isEqualTo(7);
        assertThat(world.submitted).containsExactly("a: count");
        a.context.emit("hello", "there");
        assertThat(sink.drained()).containsExactly(new CollectingSink.Emitted("hello", "there"));
        assertThat(a.context.loggerName()).isEqualTo("orrery.plugin.a");
    }

    @Test
    void endAllEndsInReverseLoadOrderAndTellsTheSystemManager() {
        plugin("a");
        plugin("b");
        plugin("c");
        PluginHost host = host(worldLevel(spec("a"), spec("b"), spec("c")));
        List<String> handedOver = new CopyOnWriteArrayList<>();
        host.addLifecycleListener(new PluginLifecycleListener() {
            @Override
            public void pluginStarted(PluginStatus status, Plugin plugin) {
                handedOver.add("+" + status.name());
            }

            @Override
            public void pluginEnding(PluginStatus status, Plugin plugin) {
                handedOver.add("-" + status.name());
            }
        });
        host.startAll(GENEROUS);
        calls.clear();

        host.endAll();

        assertThat(calls).containsExactly("c:end", "b:end", "a:end");
        assertThat(handedOver).hasSize(6).containsSubsequence("-c", "-b", "-a").contains("+a", "+b", "+c");
        assertThat(host.statuses()).allMatch(s -> s.state() == PluginState.ENDED);
        assertThatThrownBy(() -> host.addModelPlugins("late", List.of(spec("a"))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyPluginIsWithTheLifecycleListenersByTheTimeAwaitStartedReturns() throws Exception {
        plugin("a");
        plugin("b");
        plugin("c");
        PluginHost host = host(worldLevel(spec("a"), spec("b"), spec("c")));
        List<String> handedOver = new CopyOnWriteArrayList<>();
        CountDownLatch bInListener = new CountDownLatch(1);
        CountDownLatch releaseB = new CountDownLatch(1);
        host.addLifecycleListener(new PluginLifecycleListener() {
            @Override
            public void pluginStarted(PluginStatus status, Plugin plugin) {
                if (status.name().equals("b")) {
                    bInListener.countDown();
                    await(releaseB);
                }
                handedOver.add(status.name());
            }
        });

        host.beginStart();
        assertThat(bInListener.await(20, TimeUnit.SECONDS)).isTrue();
        try {
            // While the listener holds b, b must not count as started: the wait runs out instead of returning.
            assertThatThrownBy(() -> host.awaitStarted(Duration.ofMillis(100)))
                    .isInstanceOf(PluginStartException.class)
                    .hasMessageContaining("timed out waiting for plugins")
                    .hasMessageContaining("b");
        } finally {
            releaseB.countDown();
        }

        host.awaitStarted(GENEROUS);
        assertThat(handedOver).containsExactlyInAnyOrder("a", "b", "c");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the latch");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void startedPluginsAreListedInLoadOrderWithoutTheFailedStartingOrEndedOnes() throws Exception {
        ScriptedPlugin a = plugin("a");
        plugin("bad").onStart = () -> {
            throw new IOException("down");
        };
        ScriptedPlugin c = plugin("c");
        PluginHost host = host(worldLevel(spec("a"), spec("bad"), spec("c")));
        host.startAll(GENEROUS);

        assertThat(host.startedPluginsInLoadOrder()).containsExactly(a, c);

        CountDownLatch release = new CountDownLatch(1);
        ScriptedPlugin slow = plugin("lidar");
        var settled = addHeldInStart(host, "robot", slow, release);
        assertThat(host.startedPluginsInLoadOrder()).as("still starting").containsExactly(a, c);
        release.countDown();
        settled.get(20, TimeUnit.SECONDS);
        assertThat(host.startedPluginsInLoadOrder()).containsExactly(a, c, slow);

        host.removeModelPlugins("robot");
        assertThat(host.startedPluginsInLoadOrder()).containsExactly(a, c);
        host.endAll();
        assertThat(host.startedPluginsInLoadOrder()).isEmpty();
    }

    @Test
    void modelPluginsOfNestedModelsBelongToTheTopLevelModel() {
        ModelSpec arm = new ModelSpec(
                "arm",
                Pose.IDENTITY,
                false,
                true,
                List.of(),
                List.of(),
                List.of(spec("gripper")),
                List.of(),
                Optional.empty(),
                5);
        ModelSpec robot = new ModelSpec(
                "robot",
                Pose.IDENTITY,
                false,
                true,
                List.of(),
                List.of(),
                List.of(spec("driver")),
                List.of(arm),
                Optional.empty(),
                3);

        assertThat(OwnedPluginSpec.ofModel(robot))
                .extracting(OwnedPluginSpec::qualifiedName)
                .containsExactly("robot::driver", "robot::gripper");
    }

    @Test
    void severalPluginsOfOneNameInAModelAreNumberedAndAllStart() throws Exception {
        // Gazebo's name is the system's class: the Panda carries a JointPositionController per joint, all named alike
        List<ScriptedPlugin> controllers = new ArrayList<>();
        PluginRegistry numbered = new PluginRegistry()
                .register(
                        spec -> {
                            ScriptedPlugin p = new ScriptedPlugin(spec.name(), calls);
                            controllers.add(p);
                            return p;
                        },
                        TYPE);
        ModelSpec arm = new ModelSpec(
                "arm",
                Pose.IDENTITY,
                false,
                true,
                List.of(),
                List.of(),
                List.of(spec("controller"), spec("controller"), spec("other"), spec("controller")),
                List.of(),
                Optional.empty(),
                3);
        List<OwnedPluginSpec> owned = OwnedPluginSpec.ofModel(arm);
        assertThat(owned)
                .extracting(OwnedPluginSpec::qualifiedName)
                .containsExactly("arm::controller", "arm::controller#2", "arm::other", "arm::controller#3");
        PluginHost host = new PluginHost(
                numbered, owned, world, sink, new PluginHostOptions(0, Set.of(), Clock.fixed(NOW, ZoneOffset.UTC)));
        hosts.add(host);
        host.startAll(GENEROUS);
        assertThat(host.statuses())
                .extracting(PluginStatus::state)
                .containsOnly(PluginState.STARTED)
                .hasSize(4);
        assertThat(controllers).hasSize(4);

        // spawned: the same numbering, so a spawn and a load name them alike
        host.addModelPlugins("arm2", List.of(spec("controller"), spec("controller")))
                .get(20, TimeUnit.SECONDS);
        assertThat(host.statuses()).extracting(PluginStatus::name).contains("arm2::controller", "arm2::controller#2");
        assertThat(host.statuses())
                .extracting(PluginStatus::state)
                .containsOnly(PluginState.STARTED)
                .hasSize(6);
    }

    @Test
    void registryLookupIsExactAndFilenamesAreUnique() {
        assertThat(registry.lookup(TYPE)).isPresent();
        assertThat(registry.lookup("libtest-plugin.so")).isEmpty();
        assertThat(registry.lookup("Test-Plugin")).isEmpty();
        assertThatThrownBy(() -> registry.register(spec -> null, TYPE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("plugin filename 'test-plugin' is already registered");
    }

    @Test
    void optionsRefuseANegativeThreadCount() {
        assertThatThrownBy(() -> new PluginHostOptions(-1, Set.of(), Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 0");
    }

    /**
     * Six plugins whose starts record how many run at once; each waits until two have begun, so the first two run
     * together for sure (a serial host fails them) and the rest, starting after, do not wait.
     */
    private PluginSpec[] sixStartsThatWaitForTwoAtOnce(AtomicInteger maxRunning) {
        AtomicInteger running = new AtomicInteger();
        CountDownLatch twoAtOnce = new CountDownLatch(2);
        List<PluginSpec> specs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ScriptedPlugin p = plugin("p" + i);
            p.onStart = () -> {
                maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                twoAtOnce.countDown();
                try {
                    if (!twoAtOnce.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("no other plugin started alongside");
                    }
                } finally {
                    running.decrementAndGet();
                }
            };
            specs.add(spec("p" + i));
        }
        return specs.toArray(PluginSpec[]::new);
    }
}
