package io.orrery.system.multicoptercontrol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.ActuatorsProtos.Actuators;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/multicopter.cc} re-expressed over its own worlds (vendored in
 * {@code worlds/gz-sim-tests}), with its step counts, commands and tolerances, on the default engine: the X3
 * quadcopter's MulticopterMotorModels spin its rotors to a commanded 100 rad/s within 1e-2 rad/s after 500 steps; its
 * MulticopterVelocityControl holds five commanded body-frame velocities within 1e-2 (m/s and rad/s, per component)
 * after 2,000 steps each; while it controls the rotors, motor speeds sent on the motor models' topic are ignored (the
 * rotors stay at the hovering speed, 650 ± 50 rad/s); and with a 4 kg payload in a nested model it stays on the ground
 * to 1e-3 m until commanded, then climbs every 100 steps to above 5 m in 1 s. Gazebo reads the joints' and the base
 * link's velocities and the model's pose from the ECM after a step; here from the world's state after the same step.
 * The .cc's components (LinearVelocity, AngularVelocity) are the base link's velocities in its own frame. Measured
 * on the default engine: the rotors at 100.000008 rad/s, the velocities within 0.0083 of their commands (the .cc's
 * 2 s leave the vertical lag 0.2 e^(-2 s / 0.56 s) = 0.0056 m/s behind), hovering at 660.02 rad/s, the payload at
 * 8.9 m after 1 s. Only the default engine: on JBullet (issue #34) the 5 g rotors, sitting on the ground, reach
 * 100.05 and 100.20 rad/s under its velocity motor (measured), over the .cc's 1e-2; its other three cases pass there.
 */
class MulticopterSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void commandedMotorSpeed() throws Exception {
        sim.startPaused(WORLDS.resolve("quadcopter.sdf"));
        double cmdSpeed = 100;
        sim.step(100);
        sim.publish("/X3/gazebo/command/motor_speed", speeds(4, cmdSpeed));
        sim.step(500);
        ModelState x3 = sim.model("X3");
        assertThat(x3.joints()).hasSize(4);
        for (JointState joint : x3.joints()) {
            assertThat(Math.abs(joint.velocity())).as(joint.name()).isCloseTo(cmdSpeed, within(1e-2));
        }
    }

    @Test
    void multicopterVelocityControl() throws Exception {
        sim.startPaused(WORLDS.resolve("quadcopter_velocity_control.sdf"));
        sim.step(1);
        holds(new Vec3(0, 0, 0.2), Vec3.ZERO);
        holds(new Vec3(0.1, 0, 0.0), Vec3.ZERO);
        holds(new Vec3(0.1, 0, 0.2), Vec3.ZERO);
        holds(new Vec3(0.0, 0, 0.0), new Vec3(0, 0, 0.05));
        holds(new Vec3(0.1, 0, 0.2), new Vec3(0, 0, 0.05));
    }

    /** The .cc's 2,000 iterations: the command sent after the first, the velocities checked after the last. */
    private void holds(Vec3 linear, Vec3 angular) throws Exception {
        sim.step(1);
        sim.publish("/X3/gazebo/command/twist", twist(linear, angular));
        sim.step(2000 - 1);
        LinkState base = sim.model("X3").link("base_link").orElseThrow(() -> new AssertionError("no base_link"));
        var toBody = base.pose().rotation().conjugate();
        Vec3 bodyLinear = toBody.rotate(base.velocity().linear());
        Vec3 bodyAngular = toBody.rotate(base.velocity().angular());
        assertEqual("linear velocity for " + linear, bodyLinear, linear, 1e-2);
        assertEqual("angular velocity for " + angular, bodyAngular, angular, 1e-2);
    }

    @Test
    void modelAndVelocityControlInteraction() throws Exception {
        sim.startPaused(WORLDS.resolve("quadcopter_velocity_control.sdf"));
        sim.step(1);
        // hover in place, and let the rotors reach their speeds
        sim.publish("/X3/gazebo/command/twist", twist(Vec3.ZERO, Vec3.ZERO));
        sim.step(200);
        for (int i = 0; i < 10; i++) {
            sim.step(1);
            // the .cc publishes a motor speed every step; the controller's rotor speeds win
            sim.publish("/X3/gazebo/command/motor_speed", speeds(4, 60));
            ModelState x3 = sim.model("X3");
            assertThat(x3.joints()).hasSize(4);
            for (JointState joint : x3.joints()) {
                // the .cc: the hovering speed is experimentally around 650, an order of magnitude above the command
                assertThat(Math.abs(joint.velocity()))
                        .as(joint.name() + " after " + (i + 1))
                        .isCloseTo(650, within(50.0));
            }
        }
    }

    @Test
    void multicopterVelocityControlNestedModel() throws Exception {
        sim.startPaused(WORLDS.resolve("quadcopter_velocity_control_nested.sdf"));
        sim.step(1);
        sim.step(100);
        double initialZ = sim.model("X3").pose().z();
        assertThat(initialZ).isLessThan(0.1);
        sim.step(100);
        assertThat(sim.model("X3").pose().z()).isCloseTo(initialZ, within(1e-3));
        sim.publish("/X3/gazebo/command/twist", twist(new Vec3(0, 0, 5), Vec3.ZERO));
        double z = sim.model("X3").pose().z();
        for (int i = 0; i < 10; i++) {
            sim.step(100);
            double now = sim.model("X3").pose().z();
            assertThat(now).as("height after %d00 steps", i + 1).isGreaterThan(z);
            z = now;
        }
        assertThat(z).isGreaterThan(5.0);
    }

    /**
     * Not in the .cc: PX4's x500 airframe ({@code models/px4}, merge-included), as PX4 writes its motor models: no
     * {@code <robotNamespace>} (the model's name), the deprecated {@code <motorNumber>}, and
     * {@code <rotorVelocitySlowdownSim>} 10, so a command of 500 rad/s turns the joints at 50 rad/s, to the .cc's
     * 1e-2 on a commanded speed.
     */
    @Test
    void px4MotorModelsTakeTheirCommandsUnderTheModelsName() throws Exception {
        sim.modelPath(Path.of("src/test/resources/models/px4"));
        Path world = sim.write("x500.sdf", """
                <?xml version="1.0"?>
                <sdf version="1.9">
                  <world name="x500">
                    <model name="ground"><static>true</static><link name="l"><collision name="c"><geometry>
                      <plane><normal>0 0 1</normal><size>10 10</size></plane></geometry></collision></link></model>
                    <include><uri>model://x500</uri></include>
                  </world>
                </sdf>
                """);
        sim.startPaused(world);
        sim.step(1);
        sim.publish("/x500/command/motor_speed", speeds(4, 500));
        sim.step(500);
        ModelState x500 = sim.model("x500");
        assertThat(x500.joints()).hasSize(4);
        for (JointState joint : x500.joints()) {
            assertThat(Math.abs(joint.velocity())).as(joint.name()).isCloseTo(50, within(1e-2));
        }
    }

    /**
     * Not in the .cc: the {@code enable} topic, as Gazebo's header describes it. Disabled, the controller stops the
     * rotors once: their reference falls to 0 through the motor models' lag (τ = 0.025 s, so 660 rad/s is 1.4e-6 rad/s
     * after 0.5 s) and the climbing X3 falls back; enabled again, it waits for a new Twist and the rotors stay stopped.
     */
    @Test
    void disablingStopsTheRotorsUntilTheNextCommand() throws Exception {
        sim.startPaused(WORLDS.resolve("quadcopter_velocity_control.sdf"));
        sim.step(1);
        sim.publish("/X3/gazebo/command/twist", twist(new Vec3(0, 0, 0.5), Vec3.ZERO));
        sim.step(1000);
        double climbed = sim.model("X3").pose().z();
        assertThat(climbed).as("climbing").isGreaterThan(0.2);
        sim.publish("/X3/enable", BoolProtos.Boolean.newBuilder().setData(false).build());
        sim.step(500);
        assertStopped("disabled");
        // fallen from there within 0.5 s (free fall takes under 0.35 s): back near where it started, at 0.053 m
        assertThat(sim.model("X3").pose().z()).as("fallen").isLessThan(climbed / 2);
        sim.publish("/X3/enable", BoolProtos.Boolean.newBuilder().setData(true).build());
        sim.step(100);
        assertStopped("enabled, no new command");
    }

    private void assertStopped(String when) {
        for (JointState joint : sim.model("X3").joints()) {
            // the .cc's tolerance on a rotor's commanded speed
            assertThat(Math.abs(joint.velocity()))
                    .as(joint.name() + ", " + when)
                    .isLessThan(1e-2);
        }
    }

    private static void assertEqual(String what, Vec3 actual, Vec3 expected, double tol) {
        assertThat(actual.x()).as(what + " x, " + actual).isCloseTo(expected.x(), within(tol));
        assertThat(actual.y()).as(what + " y, " + actual).isCloseTo(expected.y(), within(tol));
        assertThat(actual.z()).as(what + " z, " + actual).isCloseTo(expected.z(), within(tol));
    }

    private static Actuators speeds(int count, double speed) {
        Actuators.Builder b = Actuators.newBuilder();
        for (int i = 0; i < count; i++) {
            b.addVelocity(speed);
        }
        return b.build();
    }

    private static Twist twist(Vec3 linear, Vec3 angular) {
        return Twist.newBuilder()
                .setLinear(vector(linear))
                .setAngular(vector(angular))
                .build();
    }

    private static Vector3d vector(Vec3 v) {
        return Vector3d.newBuilder().setX(v.x()).setY(v.y()).setZ(v.z()).build();
    }
}
