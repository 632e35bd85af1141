package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The graceful stop Spring calls on SIGTERM. */
class RunnerStartStopTests {

    @Test
    void aGracefulStopEndsALongStepBatchAndTheRunBeforeItReturns() throws Exception {
        SimulationRunner runner = SimulationRunner.builder(
                        new SdfReader(List.of())::read,
                        Path.of("src/test/resources/worlds/runner_drop.sdf"),
                        new JBulletPhysicsEngine())
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        RunnerStartStop lifecycle = new RunnerStartStop(runner);
        lifecycle.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (runner.reads().currentState() != SimState.PAUSE && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        // Hours of steps at factor 0: without the stop it would hold the runner far beyond any grace period.
        CompletableFuture<SimulationStatus> batch = runner.control().step(1_000_000_000L);
        while (runner.reads().status().iterations() < 100 && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }

        lifecycle.stop();

        assertThat(runner.finished()).isDone();
        RunResult result = runner.finished().get();
        assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
        assertThat(batch.get(1, TimeUnit.SECONDS).iterations()).isEqualTo(result.iterations());
    }
}
