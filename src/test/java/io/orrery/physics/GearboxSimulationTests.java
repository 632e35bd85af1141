package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A gearbox joint (worlds/gearbox.sdf: a pinion and a wheel on revolute joints to their housing, the gearbox between
 * them with the housing as its reference body and a ratio r = 2) on both engines. SDF's definition: θ2 = -r·θ1,
 * θ1 the parent's turn against the reference body about {@code <axis>}, θ2 the child's about {@code <axis2>}; the
 * joint reports θ1 as its position and θ2 as its second axis's.
 *
 * <p>The reference is the pinion's turn θ1 as a generalized coordinate: the wheel turns -r times as far, so a torque
 * τ on the pinion drives inertia I1 + r²·I2 = 0.01 + 4·0.02 = 0.09 kg·m² (housing fixed). Semi-implicit Euler under
 * a constant θ'' gives θ_n = θ''·dt²·n(n+1)/2 after n steps.
 */
class GearboxSimulationTests {

    static final double DT = 0.001;
    static final double RATIO = 2;
    static final double I1 = 0.01;
    static final double I2 = 0.02;

    @TempDir
    Path dir;

    SimulationFixture load(Engine engine, UnaryOperator<String> edit) throws Exception {
        Path file = dir.resolve("gearbox.sdf");
        Files.writeString(file, edit.apply(Files.readString(Path.of("src/test/resources/worlds/gearbox.sdf"))));
        SimulationFixture sim = SimulationFixture.of(engine, SimulationFixture.read(file));
        assertThat(sim.dt()).isEqualTo(DT);
        return sim;
    }

    static JointState joint(PhysicsWorld world, String name) {
        return world.joint("gears", name).orElseThrow();
    }

    /**
     * The pinion driven at 1 rad/s by a velocity command (no effort limit) turns the wheel at -2 rad/s: the two
     * revolute joints' velocities keep the ratio. The engine's servo sets the pinion going in the first step before
     * the coupling can hold the wheel to it, so the angles start 2e-3 rad apart, taken out a fifth a step over the
     * first 0.03 s. After 0.2 s the coupling sets the rates after every step to take out a fifth of the angles' error,
     * which float32 orientations keep near 1e-6 rad (2.0e-6 seen, bound 3e-6): so the rates keep the ratio to
     * 0.2·3e-6/dt = 6e-4 rad/s (3.8e-4 seen) and the angles to 3e-6 rad. The gearbox reports the same angles and
     * rates as the two axles.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void theWheelTurnsAtMinusTheRatioTimesTheDrivenPinion(Engine engine) throws Exception {
        try (SimulationFixture sim = load(engine, t -> t)) {
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("gears", "pinion_axle", 1));
            double[] worst = {0, 0};
            sim.onPostStep((w, i, t) -> {
                if (i > 200) {
                    JointState pinion = joint(w, "pinion_axle");
                    JointState wheel = joint(w, "wheel_axle");
                    worst[0] = Math.max(worst[0], Math.abs(wheel.velocity() + RATIO * pinion.velocity()));
                    worst[1] = Math.max(worst[1], Math.abs(wheel.position() + RATIO * pinion.position()));
                }
            });
            sim.step(2000);
            JointState pinion = joint(sim.world(), "pinion_axle");
            JointState wheel = joint(sim.world(), "wheel_axle");
            JointState mesh = joint(sim.world(), "mesh");
            assertThat(pinion.velocity()).isCloseTo(1, within(1e-6));
            assertThat(wheel.velocity()).isCloseTo(-RATIO, within(6e-4));
            assertThat(worst[1]).as("|wheel + r·pinion| rad").isLessThan(3e-6);
            assertThat(worst[0]).as("|wheel + r·pinion| rad/s").isLessThan(6e-4);
            assertThat(pinion.position()).isCloseTo(2, within(0.01));
            assertThat(mesh.position()).isCloseTo(pinion.position(), within(1e-9));
            assertThat(mesh.axis2().position()).isCloseTo(wheel.position(), within(1e-9));
            assertThat(mesh.velocity()).isCloseTo(pinion.velocity(), within(1e-9));
            assertThat(mesh.axis2().velocity()).isCloseTo(wheel.velocity(), within(1e-9));
        }
    }

    /**
     * A torque of 0.09 N·m on the pinion's axle accelerates both gears through the mesh: θ1'' = τ/(I1 + r²·I2) =
     * 1 rad/s², to 1e-5 relative after 1 s (4e-6 rad off seen on jbullet, whose housing is a body held by its fixed
     * joint, 2e-6 on bullet), and the wheel turns -2 times as far (bound 1e-5 rad).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aTorqueOnThePinionDrivesBothGearsInertia(Engine engine) throws Exception {
        try (SimulationFixture sim = load(engine, t -> t)) {
            double torque = 0.09;
            sim.onPreStep((w, i, t) -> w.setJointForce("gears", "pinion_axle", torque));
            sim.step(1000);
            double expected = torque / (I1 + RATIO * RATIO * I2) * DT * DT * 1000 * 1001 / 2;
            JointState pinion = joint(sim.world(), "pinion_axle");
            assertThat(pinion.position()).isCloseTo(expected, within(1e-5 * expected));
            assertThat(joint(sim.world(), "wheel_axle").position()).isCloseTo(-RATIO * pinion.position(), within(1e-5));
        }
    }

    /**
     * With the housing free in space (no mount, no gravity) the same torque turns the gears against the housing and
     * the housing against them: the gearbox's reference body takes the mesh's reaction. The whole keeps its angular
     * momentum about Z at 0 (1e-7 kg·m²/s seen; bound 1e-6); with I_h = 0.12 kg·m² (its own 0.1 and the gears' masses
     * 0.1 m off its centre) the housing turns at (r·I2 - I1)/(I_h + I1 + I2) = 0.2 times the pinion's rate against
     * it, and θ1'' = τ/(0.09 - 0.03²/0.15) = 1.0714 rad/s² (1e-5 relative). The gears still keep the ratio against
     * the housing (1e-5 rad).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aFreeHousingTakesTheMeshesReaction(Engine engine) throws Exception {
        try (SimulationFixture sim = load(
                engine,
                t -> t.replace("<gravity>0 0 -9.8</gravity>", "<gravity>0 0 0</gravity>")
                        .replaceAll("(?s)<joint name=\"mount\".*?</joint>", ""))) {
            double torque = 0.09;
            sim.onPreStep((w, i, t) -> w.setJointForce("gears", "pinion_axle", torque));
            double[] momentum = {0};
            sim.onPostStep((w, i, t) -> momentum[0] = Math.max(momentum[0], Math.abs(spin(w))));
            sim.step(1000);
            JointState pinion = joint(sim.world(), "pinion_axle");
            double acceleration = torque / (0.09 - 0.03 * 0.03 / 0.15);
            double expected = acceleration * DT * DT * 1000 * 1001 / 2;
            assertThat(pinion.position()).isCloseTo(expected, within(1e-5 * expected));
            assertThat(joint(sim.world(), "wheel_axle").position()).isCloseTo(-RATIO * pinion.position(), within(1e-5));
            double housing = sim.link("gears", "housing").velocity().angular().z();
            assertThat(housing).isCloseTo(0.2 * pinion.velocity(), within(1e-5));
            assertThat(momentum[0]).as("angular momentum about Z").isLessThan(1e-6);
        }
    }

    /** The angular momentum of the three bodies about the world's Z axis. */
    static double spin(PhysicsWorld world) {
        ModelState gears = world.model("gears").orElseThrow();
        double total = 0;
        String[] names = {"housing", "pinion", "wheel"};
        double[] inertia = {0.1, I1, I2};
        double[] mass = {5, 1, 1};
        for (int i = 0; i < 3; i++) {
            LinkState link = gears.link(names[i]).orElseThrow();
            Vec3 at = link.pose().position();
            Vec3 v = link.velocity().linear();
            total += inertia[i] * link.velocity().angular().z() + mass[i] * (at.x() * v.y() - at.y() * v.x());
        }
        return total;
    }
}
