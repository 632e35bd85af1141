package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DoubleProtos;
import io.orrery.physics.Articulation;
import io.orrery.physics.Engine;
import io.orrery.physics.JointState;
import io.orrery.physics.ModelState;
import io.orrery.physics.Physics;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Franka Emika Panda (src/test/resources/models/panda, with its licences: every link collides through its STL
 * mesh) bolted to the world, with a JointPositionController per joint in velocity mode (at most 1 rad/s) as
 * src/test/resources/worlds/panda.sdf sets up: it holds the pose its controllers' initial targets give against
 * gravity, and a joint commanded on its {@code cmd_pos} topic goes there.
 *
 * <p>On both engines, in the {@code projected} articulation ({@code orrery.physics.articulation=projected}): the controllers' servos act on the whole arm's
 * joint-space inertia, so each reaches the velocity its controller commands and the arm holds to 7.5e-8 rad and
 * 7.5e-5 rad/s on either engine (ArticulationBenchmark). With plain constraints {@code jbullet} does not settle:
 * 4 s in, joints are up to 1e-2 rad off their targets and still moving at up to 1 rad/s (50 solver iterations: 4.3e-3
 * rad, 0.87 rad/s), its constraints between free bodies not rigid enough for the arm's mass ratios. The bounds are
 * Gazebo's kind (1 mrad is 0.3 mm at the hand).
 */
class PandaSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/panda.sdf");

    SimulationRunner runner;

    void start(Engine engine) throws InterruptedException {
        runner = RobotWorlds.startPaused(new Physics(engine, Articulation.PROJECTED).create(), WORLD);
    }

    @AfterEach
    void stop() throws Exception {
        RobotWorlds.stop(runner);
    }

    ModelState panda() {
        return RobotWorlds.model(runner, "panda");
    }

    JointState joint(String name) {
        return panda().joint(name).orElseThrow(() -> new AssertionError("no joint " + name));
    }

    void step(int steps) throws Exception {
        RobotWorlds.step(runner, steps);
    }

    /**
     * From every joint at 0, the controllers drive each to its target at up to 1 rad/s: panda_joint4's 2.36 rad takes
     * 2.4 s. After 4 s every joint holds its target against gravity. In velocity mode the controller commands the
     * velocity that closes the error in one step (gz-sim's), capped at cmd_max: what is left is the sag the joint
     * motor lets through under the arm's weight, held to 1e-3 rad and 1e-3 rad/s (1 mrad is 0.3 mm at the hand,
     * 0.3 m out); the base link, fixed to the world, stays at the origin to 1e-4 m.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void itHoldsItsInitialPoseAgainstGravity(Engine engine) throws Exception {
        start(engine);
        step(4000);
        PandaTargets.TARGETS.forEach((name, target) -> {
            JointState j = joint(name);
            assertThat(j.position()).as(engine + ": " + name + " rad").isCloseTo(target, within(1e-3));
            assertThat(j.velocity()).as(engine + ": " + name + " rad/s").isCloseTo(0, within(1e-3));
        });
        ModelState panda = panda();
        assertThat(panda.link("panda_link0").orElseThrow().pose().position().length())
                .as(engine + ": base link off the origin, m")
                .isLessThan(1e-4);
    }

    /**
     * panda_joint2 commanded from −π/4 to 0.5 rad on its cmd_pos topic: 1.29 rad at 1 rad/s, so there within 1.3 s;
     * after 3 s it holds 0.5 to the same 1e-3 rad, and the other joints kept their targets.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aJointCommandedOnCmdPosGoesThere(Engine engine) throws Exception {
        start(engine);
        step(4000);
        runner.topics()
                .publish(
                        "/model/panda/joint/panda_joint2/0/cmd_pos",
                        DoubleProtos.Double.newBuilder().setData(0.5).build())
                .get(20, TimeUnit.SECONDS);
        step(3000);
        assertThat(joint("panda_joint2").position())
                .as(engine + ": panda_joint2 rad")
                .isCloseTo(0.5, within(1e-3));
        PandaTargets.TARGETS.forEach((name, target) -> {
            if (!name.equals("panda_joint2")) {
                assertThat(joint(name).position())
                        .as(engine + ": " + name + " rad")
                        .isCloseTo(target, within(1e-3));
            }
        });
    }
}
