package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.Outcome;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginState;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Plugins that are systems: bound before the first step, only while live, in load order. */
class PluginSystemBindingTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @RepeatedTest(5)
    void aPluginSystemTakesPartFromTheFirstStep() throws Exception {
        fixture.registry.register(spec -> new Controller(fixture, null), "test-controller");
        SimulationRunner runner = fixture.start(
                fixture.worldWith("<plugin name=\"ctl\" filename=\"test-controller\"/>"),
                RunnerSettings.defaults().withStopAfterSteps(20));

        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.SUCCESS);
        assertThat(fixture.journal)
                .filteredOn(e -> e.startsWith("ctl:step"))
                .hasSize(20)
                .first()
                .isEqualTo("ctl:step 1");
    }

    @Test
    void pluginSystemsOfEqualPriorityRunInLoadOrderNotInTheOrderTheirStartsFinished() throws Exception {
        // "first" is loaded first but finishes its start only after "second" has started.
        CountDownLatch secondStarted = new CountDownLatch(1);
        fixture.registry.register(
                spec -> new Controller(fixture, spec.name().equals("first") ? secondStarted : null) {
                    @Override
                    public void start(PluginContext ctx) throws Exception {
                        super.start(ctx);
                        if (ctx.spec().name().equals("second")) {
                            secondStarted.countDown();
                        }
                    }
                },
                "test-controller");
        SimulationRunner runner =
                fixture.startPaused(fixture.worldWith("<plugin name=\"first\" filename=\"test-controller\"/>"
                        + "<plugin name=\"second\" filename=\"test-controller\"/>"));
        assertThat(fixture.journal.indexOf("second:started")).isLessThan(fixture.journal.indexOf("first:started"));

        runner.control().step(2).get(10, TimeUnit.SECONDS);

        assertThat(fixture.journal)
                .filteredOn(e -> e.contains(":step "))
                .containsExactly("first:step 1", "second:step 1", "first:step 2", "second:step 2");
    }

    @Test
    void aPluginSystemWhoseModelIsRemovedBeforeItWasBoundNeverSteps() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        fixture.registry.register(spec -> new Controller(fixture, release), "test-controller");
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        String rover = """
                <model name="rover"><pose>0 3 1 0 0 0</pose>
                  <link name="body"><inertial><mass>1</mass></inertial>
                    <collision name="c"><geometry><box><size>0.3 0.3 0.3</size></box></geometry></collision>
                  </link>
                  <plugin name="ctl" filename="test-controller"/>
                </model>
                """;
        // A spawn is answered once its plugins have started: here the removal comes first, then the plugin finishes
        // its start.
        CompletableFuture<?> spawned =
                runner.edits().spawn(RunnerFixture.READER.readModel(rover, "snippet"), Optional.of(rover));
        CompletableFuture<Void> removed = runner.edits().remove("rover");
        removed.get(20, TimeUnit.SECONDS);
        release.countDown();
        spawned.get(20, TimeUnit.SECONDS);
        RunnerFixture.await(
                () -> runner.reads().pluginStatuses().stream()
                        .anyMatch(p -> p.name().equals("rover::ctl") && p.state() == PluginState.ENDED),
                "rover::ctl ended");
        fixture.journal.clear();

        runner.control().step(50).get(10, TimeUnit.SECONDS);

        assertThat(fixture.journal).noneMatch(e -> e.contains(":step "));
    }

    /** A plugin that is a system: journals each step it takes part in; may wait for a latch in start. */
    static class Controller extends RunnerFixture.JournalPlugin implements PreUpdate, Stateless {
        private final CountDownLatch startWaitsFor;

        Controller(RunnerFixture fixture, CountDownLatch startWaitsFor) {
            super(fixture.journal);
            this.startWaitsFor = startWaitsFor;
        }

        @Override
        public void start(PluginContext ctx) throws Exception {
            if (startWaitsFor != null) {
                assertThat(startWaitsFor.await(30, TimeUnit.SECONDS)).isTrue();
            }
            super.start(ctx);
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            if (!info.paused()) {
                journal.add(context.spec().name() + ":step " + info.iterations());
            }
        }
    }
}
