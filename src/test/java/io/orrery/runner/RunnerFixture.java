package io.orrery.runner;

import io.orrery.builtin.Extensions;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A runner on a real world file and real JBullet for the runner's edge-case tests: a plugin registry with a
 * journaling plugin ({@code test-journal}), a journal, worlds written from the lifecycle world with extra
 * plugin elements, and waits on conditions (never on the clock alone).
 */
final class RunnerFixture implements AfterEachCallback {

    static final Path LIFECYCLE_WORLD = Path.of("src/test/resources/worlds/lifecycle.sdf");
    static final SdfReader READER = new SdfReader(List.of());

    final List<String> journal = Collections.synchronizedList(new ArrayList<>());
    final PluginRegistry registry = Extensions.discovered().plugins();
    final List<SystemRegistration> systems = new ArrayList<>();
    final Path dir;
    SimulationRunner runner;
    /** Applied to the builder before each start: a test's own clock or event sink. */
    java.util.function.UnaryOperator<RunnerBuilder> customize = b -> b;

    /** A fixture for one test, registered with {@code @RegisterExtension}: it stops the runner afterwards. */
    RunnerFixture() {
        try {
            this.dir = Files.createTempDirectory("orrery-runner-test");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        registry.register(spec -> new JournalPlugin(journal), "test-recorder");
    }

    /** Adds a system registered for every world. */
    RunnerFixture system(Object system) {
        systems.add(new SystemRegistration(system, OptionalInt.empty()));
        return this;
    }

    /** The lifecycle world with {@code pluginXml} added at world level, written to a new file. */
    Path worldWith(String pluginXml) throws Exception {
        Path world = dir.resolve("world-" + System.nanoTime() + ".sdf");
        Files.writeString(
                world,
                Files.readString(LIFECYCLE_WORLD)
                        .replace(
                                "<plugin name=\"recorder\" filename=\"test-recorder\"/>",
                                "<plugin name=\"recorder\" filename=\"test-recorder\"/>" + pluginXml));
        return world;
    }

    /** Starts a runner on {@code world} at factor 0 unless the settings say otherwise. */
    SimulationRunner start(Path world, RunnerSettings settings) {
        RunnerBuilder builder = SimulationRunner.builder(READER::read, world, new JBulletPhysicsEngine())
                .systems(() -> List.copyOf(systems))
                .plugins(registry, PluginSettings.defaults())
                .settings(settings.withRealTimeFactor(settings.realTimeFactor().orElse(0)))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds());
        runner = customize.apply(builder).build();
        runner.start();
        return runner;
    }

    /** Starts a runner on {@code world}, paused, and waits until it is. */
    SimulationRunner startPaused(Path world) throws InterruptedException {
        SimulationRunner started = start(world, RunnerSettings.defaults().withStartPaused(true));
        await(() -> started.reads().currentState() == io.orrery.lifecycle.SimState.PAUSE, "pause");
        return started;
    }

    void awaitJournal(String entry) throws InterruptedException {
        await(() -> journal.contains(entry), "journal entry " + entry);
    }

    long count(String entry) {
        synchronized (journal) {
            return journal.stream().filter(entry::equals).count();
        }
    }

    /** Polls {@code condition} until it holds, failing after 20 s. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(2);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (runner != null && runner.isRunning()) {
            runner.control().stop();
            runner.finished().get(20, TimeUnit.SECONDS);
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(f -> f.toFile().delete());
        }
    }

    /** Journals its lifecycle and every event, as {@code <name>:<what>}. */
    static class JournalPlugin implements Plugin {
        final List<String> journal;
        PluginContext context;

        JournalPlugin(List<String> journal) {
            this.journal = journal;
        }

        @Override
        public void awake(PluginContext ctx) {
            this.context = ctx;
        }

        @Override
        public void start(PluginContext ctx) throws Exception {
            journal.add(ctx.qualifiedName() + ":started");
        }

        @Override
        public void reset() {
            journal.add(context.qualifiedName() + ":reset");
        }

        @Override
        public void onEvent(PluginEvent event) {
            String what = event instanceof PluginEvent.ModelAdded a
                    ? "ModelAdded " + a.name()
                    : event instanceof PluginEvent.ModelRemoved r
                            ? "ModelRemoved " + r.name()
                            : event.getClass().getSimpleName();
            journal.add(context.qualifiedName() + ":event:" + what);
        }

        @Override
        public void end() {
            journal.add(context.qualifiedName() + ":end");
        }
    }
}
