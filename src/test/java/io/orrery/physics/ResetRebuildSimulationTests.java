package io.orrery.physics;

import static io.orrery.physics.TestWorlds.boxInertial;
import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.collision;
import static io.orrery.physics.TestWorlds.ground;
import static io.orrery.physics.TestWorlds.joint;
import static io.orrery.physics.TestWorlds.link;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Geometry;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A reset rebuilds the loaded world, reusing what does not change (JBullet keeps the loaded links' shapes and its
 * collision configuration): after any edit the next episode is the one a fresh load steps, to the bit. The edits
 * touch every way a kept shape could be the wrong one: a model removed and another of its name spawned with
 * another shape, a static model made dynamic and a dynamic one static, models moved and pushed, one spawned.
 */
class ResetRebuildSimulationTests {

    private static final Vec3 CUBE = new Vec3(0.4, 0.4, 0.4);
    /** Steps per episode: the bodies fall, hit each other and the ground, and come to rest (1 ms steps). */
    private static final int STEPS = 1500;
    /** Every this many steps, every model's state goes into the trace. */
    private static final int EVERY = 100;

    /** One link in two models: a kept shape is the link's in its model, not the link spec's alone. */
    private static final LinkSpec SHARED = link(
            "ball",
            Pose.IDENTITY,
            Optional.of(boxInertial(2, CUBE)),
            collision(new Geometry.Sphere(0.2), Pose.IDENTITY, SurfaceSpec.DEFAULT));

    private static WorldSpec scene() {
        ModelSpec pillar = model(
                "pillar",
                Pose.translation(1, 0, 0.5),
                true,
                boxLink("body", Pose.IDENTITY, 5, CUBE, SurfaceSpec.DEFAULT));
        ModelSpec hammer = model(
                "hammer",
                Pose.of(1.1, 0.05, 1.6, 0.3, 0.2, 0),
                false,
                link(
                        "body",
                        Pose.IDENTITY,
                        Optional.of(boxInertial(3, CUBE)),
                        collision(new Geometry.Cylinder(0.15, 0.4), Pose.IDENTITY, SurfaceSpec.DEFAULT)));
        ModelSpec dumbbell = model(
                "dumbbell",
                Pose.of(-1, 0, 0.5, 0.2, 0, 0.4),
                false,
                List.of(
                        boxLink("a", Pose.IDENTITY, 1, CUBE, SurfaceSpec.DEFAULT),
                        boxLink("b", Pose.translation(0.5, 0, 0), 1, CUBE, SurfaceSpec.DEFAULT)),
                List.of(joint(
                        "bar",
                        JointSpec.JointType.FIXED,
                        "a",
                        "b",
                        Pose.translation(-0.25, 0, 0),
                        Vec3.UNIT_Z,
                        JointSpec.JointLimits.NONE)));
        ModelSpec ballOnTop = model("ball_a", Pose.of(1.05, 0, 2.4, 0, 0, 0), false, SHARED);
        ModelSpec ballOnFloor = model("ball_b", Pose.translation(-1.2, 0.1, 1.5), false, SHARED);
        return world(ground(), pillar, hammer, dumbbell, ballOnTop, ballOnFloor);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aResetAfterEditsStepsAsAFreshLoad(Engine engine) {
        WorldSpec spec = scene();
        List<List<ModelState>> fresh;
        try (var sim = SimulationFixture.of(engine, spec, 0.001)) {
            fresh = episode(sim);
        }
        assertThat(fresh.get(fresh.size() - 1)).hasSize(6);
        // the trace is not still: the hammer and the balls fell and met the pillar, the dumbbell and the ground
        assertThat(fresh.get(0)).isNotEqualTo(fresh.get(fresh.size() - 1));

        try (var sim = SimulationFixture.of(engine, spec, 0.001)) {
            PhysicsWorld world = sim.world();
            sim.step(300);
            world.removeModel("dumbbell");
            // the same name, another shape where the dumbbell was: a shape kept by name would come back after reset
            world.addModel(model(
                    "dumbbell",
                    Pose.translation(-1, 0, 0.5),
                    false,
                    boxLink("a", Pose.IDENTITY, 4, new Vec3(0.8, 0.2, 0.3), SurfaceSpec.DEFAULT)));
            double top = world.rayCast(new Vec3(-1, 0, 2), new Vec3(-1, 0, 0))
                    .orElseThrow()
                    .point()
                    .z();
            // its own shape, not the loaded dumbbell's 0.4 m cube (whose top would be at 0.7 m): 0.5 + 0.3 / 2, in
            // float32 (JBullet gives 0.6499999762)
            assertThat(top).as("the top of the spawned box").isCloseTo(0.65, within(1e-6));
            world.addModel(model(
                    "extra",
                    Pose.translation(0, 1, 1),
                    false,
                    boxLink("x", Pose.IDENTITY, 1, CUBE, SurfaceSpec.DEFAULT)));
            world.setStatic("pillar", false);
            world.setStatic("ball_b", true);
            world.setModelPose("hammer", Pose.of(0, -1, 2, 1, 0, 0));
            world.setModelVelocity("ball_a", new Twist(new Vec3(1, 0, 2), new Vec3(0, 3, 0)));
            sim.step(300);

            world.reset();
            assertThat(episode(sim))
                    .as("the episode after a reset that follows edits")
                    .isEqualTo(fresh);
            world.reset();
            assertThat(episode(sim)).as("the episode after a second reset").isEqualTo(fresh);
        }
    }

    /** Every model's state, exact, at the start and every {@link #EVERY} steps of {@link #STEPS}. */
    private static List<List<ModelState>> episode(SimulationFixture sim) {
        List<List<ModelState>> trace = new ArrayList<>();
        trace.add(states(sim));
        for (int i = 0; i < STEPS; i += EVERY) {
            sim.step(EVERY);
            trace.add(states(sim));
        }
        return trace;
    }

    private static List<ModelState> states(SimulationFixture sim) {
        List<ModelState> states = new ArrayList<>();
        for (String name : sim.world().modelNames()) {
            states.add(sim.model(name));
        }
        return states;
    }
}
