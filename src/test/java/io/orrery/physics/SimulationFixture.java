package io.orrery.physics;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Runs a world for a simulation test, in the manner of gz-sim's {@code TestFixture}: build it, step it with
 * optional hooks before and after every step, then close it.
 */
public final class SimulationFixture implements AutoCloseable {

    /** A callback run around each step. */
    @FunctionalInterface
    public interface StepHook {
        void onStep(PhysicsWorld world, long iteration, double simTime);
    }

    private final PhysicsWorld world;
    private final double dt;
    private final List<StepHook> preStep = new ArrayList<>();
    private final List<StepHook> postStep = new ArrayList<>();
    private long iterations;

    private final Engine engine;

    private SimulationFixture(Engine engine, WorldSpec spec, double dt) {
        this(engine, engine.create(), spec, dt);
    }

    private SimulationFixture(Engine engine, PhysicsEngine physics, WorldSpec spec, double dt) {
        this.engine = engine;
        this.world = physics.build(spec);
        this.dt = dt;
    }

    /** Builds the world on an engine in an articulation mode, with its own {@code <max_step_size>}. */
    public static SimulationFixture of(Physics physics, WorldSpec spec) {
        return new SimulationFixture(
                physics.engine(), physics.create(), spec, spec.physics().maxStepSize());
    }

    /** Builds the world on an engine in an articulation mode. */
    public static SimulationFixture of(Physics physics, WorldSpec spec, double dt) {
        return new SimulationFixture(physics.engine(), physics.create(), spec, dt);
    }

    /** Loads a test world on an engine in an articulation mode. */
    public static SimulationFixture load(Physics physics, String name) {
        WorldSpec spec = read(Path.of("src/test/resources/worlds", name + ".sdf"));
        return of(physics, spec);
    }

    /**
     * Loads {@code src/test/resources/worlds/<name>.sdf} and builds it with its own {@code <max_step_size>}, on the
     * engine {@code -Dorrery.physics.engine} names (JBullet by default).
     */
    public static SimulationFixture load(String name) {
        return load(Engine.configured(), name);
    }

    /** Loads a test world on the given engine. */
    public static SimulationFixture load(Engine engine, String name) {
        WorldSpec spec = read(Path.of("src/test/resources/worlds", name + ".sdf"));
        return new SimulationFixture(engine, spec, spec.physics().maxStepSize());
    }

    /** Reads an SDF world with an empty model path. */
    public static WorldSpec read(Path file) {
        return new SdfReader(List.of()).read(file);
    }

    /** Builds the world with its own {@code <max_step_size>}. */
    public static SimulationFixture of(WorldSpec spec) {
        return of(Engine.configured(), spec);
    }

    public static SimulationFixture of(WorldSpec spec, double dt) {
        return of(Engine.configured(), spec, dt);
    }

    public static SimulationFixture of(Engine engine, WorldSpec spec) {
        return new SimulationFixture(engine, spec, spec.physics().maxStepSize());
    }

    public static SimulationFixture of(Engine engine, WorldSpec spec, double dt) {
        return new SimulationFixture(engine, spec, dt);
    }

    public Engine engine() {
        return engine;
    }

    public SimulationFixture onPreStep(StepHook hook) {
        preStep.add(hook);
        return this;
    }

    public SimulationFixture onPostStep(StepHook hook) {
        postStep.add(hook);
        return this;
    }

    public PhysicsWorld world() {
        return world;
    }

    public double dt() {
        return dt;
    }

    public void step(int n) {
        for (int i = 0; i < n; i++) {
            stepOnce();
        }
    }

    /** Steps until the predicate holds after a step; returns the steps taken, or -1 if it never held. */
    public int stepUntil(Predicate<PhysicsWorld> done, int maxSteps) {
        for (int i = 1; i <= maxSteps; i++) {
            stepOnce();
            if (done.test(world)) {
                return i;
            }
        }
        return -1;
    }

    public double simTime() {
        return iterations * dt;
    }

    public long iterations() {
        return iterations;
    }

    public ModelState model(String name) {
        return world.model(name).orElseThrow(() -> new AssertionError("no model '" + name + "'"));
    }

    public LinkState link(String model, String link) {
        return model(model).link(link).orElseThrow(() -> new AssertionError("no link '" + link + "' in " + model));
    }

    public Pose pose(String model) {
        return model(model).pose();
    }

    private void stepOnce() {
        for (StepHook hook : preStep) {
            hook.onStep(world, iterations, simTime());
        }
        world.step(dt);
        iterations++;
        for (StepHook hook : postStep) {
            hook.onStep(world, iterations, simTime());
        }
    }

    @Override
    public void close() {
        world.close();
    }
}
