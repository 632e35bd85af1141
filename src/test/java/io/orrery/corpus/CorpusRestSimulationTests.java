package io.orrery.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.ops.PhysicsEngines;
import io.orrery.physics.PhysicsEngine;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 34: robots made by others, left alone on the default physics (no option set: the engine and articulation mode
 * a user gets), come to rest. Each runs through the whole runner with its world's own systems for its settling time,
 * then these bounds hold over the next second (src/test/resources/worlds/corpus/README.md):
 * <ul>
 * <li>every watched link under 1 mm/s and 1e-3 rad/s: the bound, a thousandth of what a robot does when it
 * moves (1 m/s, 1 rad/s); Gazebo's imu_system test holds a single landed box far tighter (1e-6 m/s, 1e-5 rad/s,
 * {@code ImuOnALandedBoxSimulationTests});</li>
 * <li>a joint under position control within 0.01 rad of its target: the bound for a robot under load (Gazebo's
 * joint_position_controller_system test holds one unloaded joint to 1e-4 rad,
 * {@code VelocityModePositionCommandSimulationTests});</li>
 * <li>a joint nothing commands under 1 rad/s: a free rotor or flipper must not spin up (the X3's rotors reached
 * 13,000 rad/s on the old default, {@code jbullet} with plain constraints);</li>
 * <li>an IMU reads gravity within 1e-3 m/s² plus five standard deviations of its configured noise, on each axis.</li>
 * </ul>
 *
 * <p>Four robots do not yet come to rest on the default, nor on any engine and mode (docs/physics-engines.md, the robot
 * corpus, gives their figures from {@code Benchmarks corpus}): they are held here only to the bound they meet (no free
 * joint spins up), never to a bound widened to what they measured; the bounds stay their target. The motion is
 * deterministic (one thread, fixed steps), the turtlebot's IMU noise apart, which the comparison allows for.
 */
class CorpusRestSimulationTests {

    /**
     * The robots that do not yet rest within the bounds on the default (measured on {@code bullet} with
     * constraints, Benchmarks corpus): the TurtleBot rocks, its base 2 kg·m² (SDF's default inertia for its two links
     * without an inertial) against wheels of 5.4e-5 kg·m²; the standing Go1 (no
     * derivative gain, its joints' own damping) walks off its stance; the folding Go1's knees chatter on their limits;
     * the top of the ten-box column sways.
     */
    static final Set<String> NOT_YET_AT_REST = Set.of("turtlebot3_burger", "go1_standing", "go1_folding", "box_stacks");

    /** The default physics, as a user who sets no option gets it. */
    static PhysicsEngine defaults() {
        return PhysicsEngines.named(PhysicsEngines.NAMES.get(0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.orrery.corpus.Corpus#robots")
    void comesToRestOnTheDefaultPhysics(CorpusRobot robot) throws Exception {
        RestRun.Figures figures = RestRun.run(robot, defaults());
        assertThat(figures.free()).as(robot + ": fastest free joint, rad/s").isLessThan(1.0);
        if (NOT_YET_AT_REST.contains(robot.name())) {
            return; // issue 34: named above and in docs/physics-engines.md, not held to a widened bound
        }
        assertThat(figures.linear()).as(robot + ": fastest link, m/s").isLessThan(1e-3);
        assertThat(figures.angular()).as(robot + ": fastest turn, rad/s").isLessThan(1e-3);
        assertThat(figures.held()).as(robot + ": farthest from a target, rad").isLessThan(0.01);
        if (!robot.imus().isEmpty()) {
            assertThat(figures.imuReadings()).as(robot + ": IMU readings").isPositive();
            assertThat(figures.imu())
                    .as(robot + ": IMU off gravity beyond its noise, m/s²")
                    .isLessThan(1e-3);
        }
    }

    @Test
    void theRobotsNotYetAtRestAreInTheCorpus() {
        assertThat(Corpus.robots().stream().map(CorpusRobot::name).toList()).containsAll(NOT_YET_AT_REST);
    }
}
