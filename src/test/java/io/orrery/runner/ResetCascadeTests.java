package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.Outcome;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.port.RunResult;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The reset cascade's rules: every component restarts or the run aborts naming it; plugins hear of it after. */
class ResetCascadeTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void aSystemWhoseResetThrowsAbortsTheRunNamingIt() throws Exception {
        fixture.system(new Uncalibrated());
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        runner.control().step(10).get(10, TimeUnit.SECONDS);

        runner.control().reset();
        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.ABORTED);
        assertThat(result.message())
                .hasValueSatisfying(m -> assertThat(m)
                        .contains("reset failed")
                        .contains("Uncalibrated")
                        .contains("lost its calibration"));
    }

    @Test
    void aPluginWhoseResetThrowsAbortsTheRunNamingIt() throws Exception {
        fixture.registry.register(
                spec -> new RunnerFixture.JournalPlugin(fixture.journal) {
                    @Override
                    public void reset() {
                        if (context.snapshot().simTimeNanos() == 0 && fixture.journal.contains("gripper:armed")) {
                            throw new IllegalStateException("gripper jammed");
                        }
                        fixture.journal.add("gripper:armed");
                    }
                },
                "test-gripper");
        SimulationRunner runner =
                fixture.startPaused(fixture.worldWith("<plugin name=\"gripper\" filename=\"test-gripper\"/>"));
        fixture.awaitJournal("gripper:armed");

        runner.control().reset();
        RunResult result = runner.finished().get(20, TimeUnit.SECONDS);

        assertThat(result.outcome()).isEqualTo(Outcome.ABORTED);
        assertThat(result.message())
                .hasValueSatisfying(m -> assertThat(m)
                        .contains("reset failed")
                        .contains("plugin 'gripper' could not restart")
                        .contains("gripper jammed"));
    }

    @Test
    void pluginsHearOfTheResetOnceTheWorldShowsIt() throws Exception {
        fixture.registry.register(
                spec -> new RunnerFixture.JournalPlugin(fixture.journal) {
                    @Override
                    public void onEvent(PluginEvent event) {
                        if (event instanceof PluginEvent.Reset) {
                            WorldSnapshot world = context.snapshot();
                            journal.add("observer: reset seen at t=" + world.simTimeNanos() + " ball z="
                                    + world.model("ball").orElseThrow().pose().z());
                        }
                    }
                },
                "test-observer");
        SimulationRunner runner =
                fixture.startPaused(fixture.worldWith("<plugin name=\"observer\" filename=\"test-observer\"/>"));
        runner.control().step(300).get(10, TimeUnit.SECONDS);
        fixture.journal.clear();

        runner.control().reset().get(10, TimeUnit.SECONDS);

        assertThat(fixture.journal)
                .filteredOn(e -> e.startsWith("observer: reset seen"))
                .containsExactly("observer: reset seen at t=0 ball z=3.0");
    }

    @Test
    void aResetTellsPluginsWhichModelsItTookAwayAndBroughtBack() throws Exception {
        SimulationRunner runner = fixture.startPaused(RunnerFixture.LIFECYCLE_WORLD);
        String crate = """
                <model name="crate"><pose>0 2 1 0 0 0</pose><link name="body"><inertial><mass>1</mass></inertial>
                <collision name="c"><geometry><box><size>0.3 0.3 0.3</size></box></geometry></collision></link></model>
                """;
        runner.edits()
                .spawn(RunnerFixture.READER.readModel(crate, "snippet"), Optional.of(crate))
                .get(10, TimeUnit.SECONDS);
        runner.edits().remove("box").get(10, TimeUnit.SECONDS);
        fixture.journal.clear();

        runner.control().reset().get(10, TimeUnit.SECONDS);

        assertThat(fixture.journal)
                .containsSubsequence(
                        "recorder:reset",
                        "recorder:event:Reset",
                        "recorder:event:ModelRemoved crate",
                        "recorder:event:ModelAdded box");
        assertThat(runner.reads().snapshot().modelNames()).containsExactly("ground", "box", "ball");
    }

    /** A device whose reset fails, as a sensor that lost its calibration. */
    static final class Uncalibrated implements PreUpdate, Reset {
        private boolean stepped;

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            stepped |= !info.paused();
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {
            if (stepped) {
                throw new IllegalStateException("lost its calibration");
            }
        }
    }
}
