package io.orrery.physics;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.ground;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.plugin.WorldSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reading a world whose bodies sleep, on both engines: a snapshot after steps in which one body moved carries that
 * body's state, step by step, and every sleeping body's state unchanged; a body woken by another's impact reads
 * awake, and asleep again once it rests. On JBullet, which reports what moved, the unchanged models' states are the
 * very objects read before: reading the world costs what moved.
 */
class SleepingWorldSimulationTests {

    private static final double DT = 0.001;
    private static final Vec3 CUBE = new Vec3(0.2, 0.2, 0.2);
    private static final int BOXES = 6;
    /** Sleeping takes Bullet's 2 s below the thresholds; the boxes start at rest, so a little over 2 s. */
    private static final int SLEEP_STEPS = 3000;

    private static WorldSpec row() {
        List<ModelSpec> models = new ArrayList<>();
        models.add(ground());
        for (int i = 0; i < BOXES; i++) {
            models.add(model(
                    "box_" + i,
                    Pose.translation(i, 0, 0.1),
                    false,
                    boxLink("body", Pose.IDENTITY, 1, CUBE, SurfaceSpec.DEFAULT)));
        }
        return world(models.toArray(ModelSpec[]::new));
    }

    private static boolean allAsleep(WorldView world) {
        for (ModelState m : world.models()) {
            if (!m.isStatic() && !m.links().get(0).sleeping()) {
                return false;
            }
        }
        return true;
    }

    private static WorldSnapshot snapshot(PhysicsWorld world, long iteration) {
        return WorldSnapshot.capture("test", iteration, 0, world);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aSnapshotAfterOneBodyMovedCarriesItsStateAndTheOthersUnchanged(Engine engine) {
        try (var sim = SimulationFixture.of(engine, row(), DT)) {
            PhysicsWorld world = sim.world();
            assertThat(sim.stepUntil(SleepingWorldSimulationTests::allAsleep, SLEEP_STEPS))
                    .isPositive();
            WorldSnapshot asleep = snapshot(world, sim.iterations());

            // Lifted 5 m by a teleport (which wakes it), box_2 falls freely: the engines' integrator moves the
            // velocity first, so after n steps z = 5 - g dt² n(n+1)/2 and v = -g dt n exactly, but for float
            // rounding (JBullet and Bullet's single-precision build keep ~7 digits: 1e-5 m at 5 m).
            world.setModelPose("box_2", Pose.translation(2, 0, 5));
            for (int n = 1; n <= 300; n++) {
                world.step(DT);
                WorldSnapshot s = snapshot(world, sim.iterations() + n);
                LinkState box = s.model("box_2").orElseThrow().links().get(0);
                assertThat(box.pose().z())
                        .as("z after %d steps", n)
                        .isCloseTo(5 - 9.8 * DT * DT * n * (n + 1) / 2, within(1e-5));
                assertThat(box.velocity().linear().z())
                        .as("vz after %d steps", n)
                        .isCloseTo(-9.8 * DT * n, within(1e-5));
                assertThat(box.sleeping()).isFalse();
                for (int i = 0; i < BOXES; i++) {
                    if (i != 2) {
                        String name = "box_" + i;
                        assertThat(s.model(name).orElseThrow().links())
                                .as("%s after %d steps", name, n)
                                .isEqualTo(asleep.model(name).orElseThrow().links());
                        if (engine == Engine.JBULLET) {
                            assertThat(s.model(name).orElseThrow())
                                    .isSameAs(asleep.model(name).orElseThrow());
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aSleepingBodyWokenByAnotherReadsAwakeThenAsleepAgainAtRest(Engine engine) {
        try (var sim = SimulationFixture.of(engine, row(), DT)) {
            PhysicsWorld world = sim.world();
            assertThat(sim.stepUntil(SleepingWorldSimulationTests::allAsleep, SLEEP_STEPS))
                    .isPositive();
            snapshot(world, 0); // every state read once, as a client reading the world at rest would

            // box_2 dropped from 0.8 m beside box_3, 1 cm from its side: the engines put bodies whose bounds overlap
            // in one island, and an island with an awake body is awake, so box_3 wakes while box_2 passes.
            world.setModelPose("box_2", Pose.translation(3.21, 0, 0.8));
            int woke = sim.stepUntil(
                    w -> !w.model("box_3").orElseThrow().links().get(0).sleeping(), 1000);
            assertThat(woke).as("steps until box_3 reads awake").isPositive();
            // The bounds grow by a contact threshold, a broadphase margin of up to 5 cm and the speed, so box_2's
            // bottom is then at most 10 cm above box_3's top (at 0.2 m), and not yet below it.
            double bottom = snapshot(world, sim.iterations())
                            .model("box_2")
                            .orElseThrow()
                            .pose()
                            .z()
                    - 0.1;
            assertThat(bottom).isBetween(0.2, 0.3);

            // box_2 lands on the ground beside box_3; both come to rest and fall asleep, and a snapshot then reads
            // them asleep, still and in place.
            assertThat(sim.stepUntil(SleepingWorldSimulationTests::allAsleep, 10_000))
                    .isPositive();
            WorldSnapshot s = snapshot(world, sim.iterations());
            for (String name : List.of("box_2", "box_3")) {
                LinkState box = s.model(name).orElseThrow().links().get(0);
                assertThat(box.sleeping()).as(name).isTrue();
                assertThat(box.velocity()).as(name).isEqualTo(Twist.ZERO); // the engines zero a sleeper's velocity
                // Resting on the ground: the box-plane contacts hold a box within 1 mm of its height.
                assertThat(box.pose().z()).as(name).isCloseTo(0.1, within(0.001));
            }
            // Reading one model and reading the world agree.
            for (String name : world.modelNames()) {
                assertThat(s.model(name)).isEqualTo(world.model(name));
            }
        }
    }
}
