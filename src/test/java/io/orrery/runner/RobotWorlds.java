package io.orrery.runner;

import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.Engine;
import io.orrery.physics.ModelState;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real robot worlds of src/test/resources/worlds, their models found through src/test/resources/models as
 * {@code model://} includes, run paused at factor 0 with the built-in plugins, for the robot simulation tests.
 */
final class RobotWorlds {

    static final SdfReader READER = new SdfReader(List.of(Path.of("src/test/resources/models")));

    private RobotWorlds() {}

    /** A started runner on {@code world}, paused before its first step. */
    static SimulationRunner startPaused(Engine engine, Path world) throws InterruptedException {
        return startPaused(engine.create(), world);
    }

    /** A started runner on {@code world} with this physics engine, paused before its first step. */
    static SimulationRunner startPaused(io.orrery.physics.PhysicsEngine engine, Path world)
            throws InterruptedException {
        PluginRegistry registry = Extensions.discovered().plugins();
        SimulationRunner runner = SimulationRunner.builder(READER::read, world, engine)
                .plugins(registry, PluginSettings.defaults())
                .settings(RunnerSettings.defaults().withStartPaused(true).withRealTimeFactor(0))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        RunnerFixture.await(() -> runner.reads().currentState() == SimState.PAUSE, "pause");
        return runner;
    }

    /** Stops {@code runner} if one was started. */
    static void stop(SimulationRunner runner) throws Exception {
        if (runner != null) {
            runner.control().stop().get(30, TimeUnit.SECONDS);
        }
    }

    /** The model now, failing the test if it is missing. */
    static ModelState model(SimulationRunner runner, String name) {
        return runner.reads().snapshot().models().stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no model " + name));
    }

    /** Takes {@code steps} steps; the wait bounds a hang, not speed. */
    static void step(SimulationRunner runner, int steps) throws Exception {
        runner.control().step(steps).get(300, TimeUnit.SECONDS);
    }
}
