package io.orrery.system.hydrodynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.ops.PhysicsEngines;
import io.orrery.physics.Articulation;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.Twist;
import io.orrery.physics.WorldView;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * gz-sim's {@code test/integration/hydrodynamics.cc} and {@code hydrodynamics_flags.cc} re-expressed over their own
 * worlds (vendored in {@code worlds/gz-sim-tests}; {@code hydrodynamics.sdf.in} configured as CMake does, its
 * {@code @CMAKE_SOURCE_DIR@} the vendored folder), with their step counts, forces and tolerances, on the default
 * engine and on JBullet. Each .cc run starts the world afresh, pushes one model's link once with a world wrench (the
 * .cc adds it in Configure; Gazebo's Physics applies it for the first step only) and records the link's world
 * velocities after every step, as the .cc's PostUpdate does. Not re-expressed as written: {@code TransformsTestIn},
 * whose current comes from EnvironmentPreload's lookup table (not simulated); its figures are checked instead with
 * the same current given by {@code <default_current>} and by a message on {@code /ocean_current}.
 */
class HydrodynamicsSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");
    static final int STEPS = 1000;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** The .cc's fixture for one run: a world wrench on the link for the first step, then its velocities. */
    static final class Run implements PreUpdate, PostUpdate, Stateless {
        final String model;
        final String link;
        final Vec3 force;
        final Vec3 torque;
        final List<Twist> velocities = Collections.synchronizedList(new ArrayList<>());
        private boolean pushed;
        private volatile boolean active = true;

        Run(String model, String link, Vec3 force, Vec3 torque) {
            this.model = model;
            this.link = link;
            this.force = force;
            this.torque = torque;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            if (active && !info.paused() && !pushed) {
                pushed = true;
                world.addLinkWrench(model, link, force, torque, Vec3.ZERO);
            }
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (active && !info.paused()) {
                velocities.add(world.model(model)
                        .flatMap(m -> m.link(link))
                        .map(LinkState::velocity)
                        .orElseThrow(() -> new AssertionError("no link " + model + "::" + link)));
            }
        }

        Vec3 linear(int i) {
            return velocities.get(i).linear();
        }

        Vec3 angular(int i) {
            return velocities.get(i).angular();
        }
    }

    /** hydrodynamics.sdf.in as CMake configures it: the current table from the vendored folder. */
    Path world() {
        return sim.withReplaced(
                WORLDS.resolve("hydrodynamics.sdf.in"),
                "@CMAKE_SOURCE_DIR@/test/worlds/",
                WORLDS.toAbsolutePath() + "/");
    }

    /** The .cc's TestWorld: {@code model}'s link {@code <model>_link} pushed by (0, 0, 10) N, then 1000 steps. */
    Run testWorld(String engine, Path world, String model, Vec3 force) throws Exception {
        return run(PhysicsEngines.named(engine), world, model, model + "_link", force, Vec3.ZERO, STEPS);
    }

    Run run(PhysicsEngine engine, Path world, String model, String link, Vec3 force, Vec3 torque, int steps)
            throws Exception {
        Run run = new Run(model, link, force, torque);
        sim.engine(engine).system(run);
        sim.startPaused(world);
        sim.step(steps);
        sim.stop();
        run.active = false;
        assertThat(run.velocities).hasSize(steps);
        return run;
    }

    /** VelocityTestinOil: the damped sphere is slower than the free one from before step 500, and both settle. */
    @ParameterizedTest
    @ValueSource(strings = {"bullet", "jbullet"})
    void velocityTestInOil(String engine) throws Exception {
        Path world = world();
        Vec3 force = new Vec3(0, 0, 10);
        Run sphere1 = testWorld(engine, world, "sphere1", force);
        Run sphere2 = testWorld(engine, world, "sphere2", force);
        int whenSphere1ExceedsSphere2 = 2000;
        for (int i = 0; i < STEPS; i++) {
            // the .cc's EXPECT_FLOAT_EQ against 0: no sideways motion at all
            assertThat(sphere1.linear(i).x()).as("step %d", i).isZero();
            assertThat(sphere1.linear(i).y()).as("step %d", i).isZero();
            assertThat(sphere2.linear(i).x()).as("step %d", i).isZero();
            assertThat(sphere2.linear(i).y()).as("step %d", i).isZero();
            assertThat(sphere1.linear(i).z())
                    .as("step %d", i)
                    .isLessThanOrEqualTo(sphere2.linear(i).z());
            if (sphere1.linear(i).z() < sphere2.linear(i).z() && whenSphere1ExceedsSphere2 > 1000) {
                whenSphere1ExceedsSphere2 = i;
            }
            if (i > 900) {
                assertThat(sphere1.linear(i).z())
                        .as("step %d", i)
                        .isCloseTo(sphere1.linear(i - 1).z(), within(1e-6));
                assertThat(sphere2.linear(i).z())
                        .as("step %d", i)
                        .isCloseTo(sphere2.linear(i - 1).z(), within(1e-6));
            }
        }
        assertThat(whenSphere1ExceedsSphere2).isLessThan(500);
    }

    /** TransformsTestinWater: three cylinders, posed differently, settle to the same vertical speed within 1e-4. */
    @ParameterizedTest
    @ValueSource(strings = {"bullet", "jbullet"})
    void transformsTestInWater(String engine) throws Exception {
        Path world = world();
        Vec3 force = new Vec3(0, 0, 10);
        Run c1 = testWorld(engine, world, "cylinder1", force);
        Run c2 = testWorld(engine, world, "cylinder2", force);
        Run c3 = testWorld(engine, world, "cylinder3", force);
        for (int i = 900; i < STEPS; i++) {
            assertThat(c1.linear(i).z())
                    .as("step %d", i)
                    .isCloseTo(c1.linear(i - 1).z(), within(1e-6));
            assertThat(c2.linear(i).z())
                    .as("step %d", i)
                    .isCloseTo(c2.linear(i - 1).z(), within(1e-6));
            assertThat(c3.linear(i).z())
                    .as("step %d", i)
                    .isCloseTo(c3.linear(i - 1).z(), within(1e-6));
            assertThat(c1.linear(i).z()).as("step %d", i).isCloseTo(c2.linear(i).z(), within(1e-4));
            assertThat(c2.linear(i).z()).as("step %d", i).isCloseTo(c3.linear(i).z(), within(1e-4));
        }
    }

    /**
     * TransformsTestIn's figures for its unpushed sphere in a current of (1, 0, 0): settled to 1e-6 across and up, to
     * 1e-3 along, not moving across or up, moving along. The current given here by {@code <default_current>}, where
     * the .cc's world reads it from EnvironmentPreload's table.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bullet", "jbullet"})
    void defaultCurrentCarriesTheSphere(String engine) throws Exception {
        Path world = sim.withReplaced(
                world(), "<lookup_current_x>current_x</lookup_current_x>", "<default_current>1 0 0</default_current>");
        world = sim.withReplaced(world, "<lookup_current_y>current_y</lookup_current_y>", "");
        world = sim.withReplaced(world, "<lookup_current_z>current_z</lookup_current_z>", "");
        assertCarried(testWorld(engine, world, "sphere_current", Vec3.ZERO));
    }

    /**
     * The same current, sent before the first step on the topic of the sphere's {@code <namespace>}, {@code
     * /model/sphere_current/ocean_current}: on {@code /ocean_current} it would reach every model's Hydrodynamics in
     * the world, and the cylinders' positive (growing) damping would run away.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bullet", "jbullet"})
    void currentFromTheTopicCarriesTheSphere(String engine) throws Exception {
        Path world = sim.withReplaced(
                world(), "<lookup_current_x>current_x</lookup_current_x>", "<namespace>sphere_current</namespace>");
        world = sim.withReplaced(world, "<lookup_current_y>current_y</lookup_current_y>", "");
        world = sim.withReplaced(world, "<lookup_current_z>current_z</lookup_current_z>", "");
        Run run = new Run("sphere_current", "sphere_current_link", Vec3.ZERO, Vec3.ZERO);
        sim.engine(PhysicsEngines.named(engine)).system(run);
        sim.startPaused(world);
        sim.publish(
                "/model/sphere_current/ocean_current",
                Vector3d.newBuilder().setX(1).build());
        sim.step(STEPS);
        assertThat(run.velocities).hasSize(STEPS);
        assertCarried(run);
    }

    /**
     * The .cc's world as it is: the current table needs EnvironmentPreload's data, which Orrery does not load, so the
     * current is zero (as in Gazebo without that data) and the unpushed sphere stays at rest, where Gazebo's moves.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bullet"})
    void theCurrentTableWithoutEnvironmentDataLeavesTheSphereAtRest(String engine) throws Exception {
        Run sphere = testWorld(engine, world(), "sphere_current", Vec3.ZERO);
        for (int i = 0; i < STEPS; i++) {
            assertThat(sphere.linear(i).length()).as("step %d", i).isZero();
        }
    }

    private static void assertCarried(Run sphere) {
        for (int i = 990; i < STEPS; i++) {
            assertThat(sphere.linear(i).z())
                    .as("step %d", i)
                    .isCloseTo(sphere.linear(i - 1).z(), within(1e-6));
            assertThat(sphere.linear(i).y())
                    .as("step %d", i)
                    .isCloseTo(sphere.linear(i - 1).y(), within(1e-6));
            assertThat(sphere.linear(i).x())
                    .as("step %d", i)
                    .isCloseTo(sphere.linear(i - 1).x(), within(1e-3));
            assertThat(sphere.linear(i - 1).z()).as("step %d", i).isCloseTo(0, within(1e-6));
            assertThat(sphere.linear(i - 1).y()).as("step %d", i).isCloseTo(0, within(1e-6));
            assertThat(sphere.linear(i - 1).x()).as("step %d", i).isPositive();
        }
    }

    /**
     * hydrodynamics_flags.cc's AddedMassCoriolisFlags: three copies of an AUV pushed by (0, 1000, 1000) N and (0, 0,
     * 10) N·m for one step, 2000 steps each; once the one with Coriolis (triton) falls behind in z, it stays behind
     * the one with neither term (tethys), and the one with added mass (daphne) is slower in z and turns slower. Run
     * with the joints held exactly: the fins' revolute joint, solved as a constraint, shakes the hull's z velocity by
     * about 4e-8 m/s (measured, period about 7 steps), and Coriolis's effect on it here is 4.7e-10 m/s a step (one
     * float ulp), so at step 13 triton was 2.8e-8 m/s ahead of tethys on both engines (measured); with the joints held
     * exactly the gap grows every step, as the .cc expects.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bullet", "jbullet"})
    void addedMassCoriolisFlags(String engine) throws Exception {
        Path world = WORLDS.resolve("hydrodynamics_flags.sdf");
        int steps = 2000;
        Vec3 force = new Vec3(0, 1000, 1000);
        Vec3 torque = new Vec3(0, 0, 10);
        PhysicsEngine held = PhysicsEngines.named(engine, Articulation.PROJECTED);
        Run plain = run(held, world, "tethys", "base_link", force, torque, steps);
        Run coriolis = run(held, world, "triton", "base_link", force, torque, steps);
        Run addedMass = run(held, world, "daphne", "base_link", force, torque, steps);
        int startsMoving = 0;
        while (startsMoving < steps
                && !(coriolis.linear(startsMoving).z()
                        < plain.linear(startsMoving).z())) {
            startsMoving++;
        }
        assertThat(startsMoving).isLessThan(steps - 1);
        for (int i = startsMoving; i < steps; i++) {
            assertThat(coriolis.linear(i).z())
                    .as("step %d", i)
                    .isLessThan(plain.linear(i).z());
            assertThat(addedMass.angular(i).z())
                    .as("step %d", i)
                    .isLessThan(plain.angular(i).z());
            assertThat(addedMass.linear(i).z())
                    .as("step %d", i)
                    .isLessThan(plain.linear(i).z());
        }
    }
}
