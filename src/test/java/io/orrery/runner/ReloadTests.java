package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.plugin.PluginContext;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.trigger.TriggerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A full reload: the outcome of each way it can end, and what a new session starts with. */
class ReloadTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void aStopWhileTheReloadedWorldsPluginsStartEndsStoppedNotAborted() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger generation = new AtomicInteger();
        fixture.registry.register(
                spec -> new SlowSecondStart(fixture, generation.incrementAndGet(), release), "test-slow");
        SimulationRunner runner = fixture.start(
                fixture.worldWith("<plugin name=\"slow\" filename=\"test-slow\"/>"),
                RunnerSettings.defaults().withStartPaused(true));
        try {
            RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "pause");
            CompletableFuture<SimulationStatus> reload = runner.control().reload(Optional.empty());
            fixture.awaitJournal("slow#2:start-begin");

            runner.control().stop();
            RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

            assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
            assertThat(result.outcome().exitCode()).isEqualTo(8);
            assertThat(reload.get(10, TimeUnit.SECONDS).outcome()).contains(Outcome.STOPPED);
        } finally {
            release.countDown();
        }
    }

    @Test
    void aReloadWhoseRequiredPluginFailsIsNoStart() throws Exception {
        AtomicInteger generation = new AtomicInteger();
        fixture.registry.register(spec -> new FailsSecondTime(fixture, generation.incrementAndGet()), "test-camera");
        SimulationRunner runner = fixture.startPaused(
                fixture.worldWith("<plugin name=\"camera\" filename=\"test-camera\" required=\"true\"/>"));

        runner.control().reload(Optional.empty()).get(20, TimeUnit.SECONDS);
        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.NO_START);
        assertThat(result.message())
                .hasValueSatisfying(m -> assertThat(m).contains("camera").contains("no camera attached"));
    }

    @Test
    void aWorldThatCannotBeBuiltIsRefusedAndTheRunningWorldGoesOnAsItWas() throws Exception {
        // The engine refuses one world, as a native engine out of memory would; the world file itself is valid.
        PhysicsEngine real = new JBulletPhysicsEngine();
        PhysicsEngine refusing = spec -> {
            if (spec.name().equals("unbuildable")) {
                throw new IllegalStateException("the engine could not allocate the world");
            }
            return real.build(spec);
        };
        SimulationRunner runner = SimulationRunner.builder(
                        RunnerFixture.READER::read, RunnerFixture.LIFECYCLE_WORLD, refusing)
                .plugins(fixture.registry, PluginSettings.defaults())
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        fixture.runner = runner;
        runner.start();
        runner.control().step(10).get(10, TimeUnit.SECONDS);
        Path unbuildable = fixture.dir.resolve("unbuildable.sdf");
        Files.writeString(
                unbuildable,
                Files.readString(RunnerFixture.LIFECYCLE_WORLD)
                        .replace("<world name=\"lifecycle\">", "<world name=\"unbuildable\">"));

        assertThatThrownBy(
                        () -> runner.control().reload(Optional.of(unbuildable)).get(20, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .hasMessageContaining("refused")
                .hasMessageContaining("could not allocate");

        SimulationStatus status = runner.reads().status();
        assertThat(status.outcome()).isEmpty();
        assertThat(status.state()).isEqualTo(SimState.PAUSE);
        assertThat(status.iterations()).isEqualTo(10);
        assertThat(status.worldName()).contains("lifecycle");
        assertThat(fixture.journal).doesNotContain("recorder:end");
        assertThat(runner.control().step(3).get(10, TimeUnit.SECONDS).iterations())
                .isEqualTo(13);
    }

    @Test
    void aReloadedWorldStartsAsAtLoadStartTriggersAndSimulationStartedIncluded() throws Exception {
        SimulationRunner runner = fixture.start(
                RunnerFixture.LIFECYCLE_WORLD,
                RunnerSettings.defaults()
                        .withStartPaused(true)
                        .withTriggers(List.of(new TriggerSpec("started", "start", "log=info: started", true))));
        RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "pause");
        assertThat(fixture.count("recorder:event:SimulationStarted")).isEqualTo(1);

        SimulationStatus reloaded = runner.control().reload(Optional.empty()).get(20, TimeUnit.SECONDS);

        assertThat(reloaded.state()).isEqualTo(SimState.PAUSE);
        assertThat(runner.reads().triggers().history())
                .filteredOn(f -> f.label().equals("started"))
                .hasSize(2);
        // The new world's recorder is a new plugin object; it too hears that the simulation started.
        assertThat(fixture.count("recorder:event:SimulationStarted")).isEqualTo(2);
        assertThat(fixture.journal.indexOf("recorder:end")).isLessThan(fixture.journal.lastIndexOf("recorder:started"));
    }

    @Test
    void whatAPluginOfTheUnloadedWorldStillSubmitsIsRefusedAndNeverTouchesTheNewWorld() throws Exception {
        List<PluginContext> contexts = new java.util.concurrent.CopyOnWriteArrayList<>();
        fixture.registry.register(
                spec -> new RunnerFixture.JournalPlugin(fixture.journal) {
                    @Override
                    public void start(PluginContext ctx) {
                        contexts.add(ctx);
                    }
                },
                "test-mover");
        SimulationRunner runner =
                fixture.startPaused(fixture.worldWith("<plugin name=\"mover\" filename=\"test-mover\"/>"));
        runner.control().reload(Optional.empty()).get(20, TimeUnit.SECONDS);
        assertThat(contexts).hasSize(2);

        CompletableFuture<Object> late = contexts.get(0).submit("lift the ball", world -> {
            world.setModelPose("ball", io.orrery.world.Pose.of(0, 0, 10, 0, 0, 0));
            return null;
        });

        assertThatThrownBy(() -> late.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unloaded");
        assertThat(runner.reads().snapshot().model("ball").orElseThrow().pose().z())
                .isEqualTo(3.0);
        assertThat(contexts.get(1)
                        .submit(
                                "read",
                                world ->
                                        world.model("ball").orElseThrow().pose().z())
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(3.0);
    }

    /** The first of its kind starts at once, the second waits for the test: the reloaded world's is slow. */
    static final class SlowSecondStart extends RunnerFixture.JournalPlugin {
        private final int generation;
        private final CountDownLatch release;

        SlowSecondStart(RunnerFixture fixture, int generation, CountDownLatch release) {
            super(fixture.journal);
            this.generation = generation;
            this.release = release;
        }

        @Override
        public void start(PluginContext ctx) throws Exception {
            journal.add(ctx.qualifiedName() + "#" + generation + ":start-begin");
            if (generation > 1) {
                assertThat(release.await(30, TimeUnit.SECONDS)).isTrue();
            }
        }
    }

    /** Starts in the world as loaded, fails in the reloaded one, as a driver whose device was unplugged. */
    static final class FailsSecondTime extends RunnerFixture.JournalPlugin {
        private final int generation;

        FailsSecondTime(RunnerFixture fixture, int generation) {
            super(fixture.journal);
            this.generation = generation;
        }

        @Override
        public void start(PluginContext ctx) {
            if (generation > 1) {
                throw new IllegalStateException("no camera attached");
            }
        }
    }
}
