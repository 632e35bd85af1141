package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.JointSpec.JointType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Driven joints on the wheels of worlds/wheels.sdf: every wheel turns about a vertical axle (gravity exerts no
 * torque) with I = 0.01 kg·m², stepped at dt = 1 ms.
 *
 * <p>Every case runs on JBullet and on native Bullet. Tolerances: both compute in float (ε = 1.2e-7), so one
 * step's velocity is exact to a few ε relative, and n steps accumulate at most n·ε relative. Where Bullet differs
 * the case says how and by how much.
 */
class JointSimulationTests {

    static final double I = 0.01;
    static final double DT = 0.001;
    /** A few float roundings of numbers of order one. */
    static final double FLOAT = 1e-6;

    SimulationFixture sim;
    PhysicsWorld world;

    void load(Engine engine) {
        sim = SimulationFixture.load(engine, "wheels");
        world = sim.world();
        assertThat(sim.dt()).isEqualTo(DT);
    }

    @AfterEach
    void close() {
        if (sim != null) {
            sim.close();
        }
    }

    JointState joint(String model) {
        return world.joint(model, model.equals("carriage") ? "rail" : "axle").orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVelocityCommandReachesAndHoldsTheSpeedWithinTheEffortLimit(Engine engine) {
        load(engine);
        // effort 10 N·m: at most 10 / 0.01 = 1000 rad/s², so 1 rad/s more each step until 5 rad/s after 5 steps.
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("strong", "axle", 5));
        for (int step = 1; step <= 5; step++) {
            sim.step(1);
            assertThat(joint("strong").velocity()).as("step %d", step).isCloseTo(step * 1.0, within(FLOAT));
            assertThat(joint("strong").effort()).isCloseTo(10, within(FLOAT));
        }
        double worst = 0;
        for (int step = 0; step < 2000; step++) {
            sim.step(1);
            worst = Math.max(worst, Math.abs(joint("strong").velocity() - 5));
        }
        // Measured: 0 (the servo row is solved exactly for a single free axle).
        assertThat(worst).isLessThanOrEqualTo(FLOAT);
        // Nothing resists a free wheel. Bullet's servo row still corrects the float rounding of ω each step: its
        // effort is I·Δω/dt, 4.8e-6 N·m for each ulp of 5 rad/s (4.8e-7 rad/s); measured 7.5e-6 (an impulse of
        // 2^-27), bounded at 4 ulps. JBullet's row finds nothing to correct.
        double residual = engine == Engine.JBULLET ? FLOAT : 4 * Math.ulp(5f) * I / DT;
        assertThat(joint("strong").effort()).isCloseTo(0, within(residual));
        // 2005 steps at 5 rad/s less the ramp's 0.01 rad: the position integrates the velocity.
        assertThat(joint("strong").position()).isCloseTo(2005 * DT * 5 - 0.01, within(2005 * 1e-7 * 10));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVelocityCommandIsClampedToTheSpeedLimit(Engine engine) {
        load(engine);
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("strong", "axle", 50));
        sim.step(100);
        assertThat(joint("strong").velocity()).isCloseTo(20, within(FLOAT * 20));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVelocityCommandSaturatesWhenTheEffortIsTooSmall(Engine engine) {
        load(engine);
        // effort 0.1 N·m: the acceleration is at most 0.1 / 0.01 = 10 rad/s², so after n steps v = 10·n·dt.
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("weak", "axle", 5));
        sim.step(100);
        assertThat(joint("weak").velocity()).isCloseTo(10 * 100 * DT, within(100 * 1.2e-7));
        assertThat(joint("weak").effort()).isCloseTo(0.1, within(FLOAT * 0.1));
        sim.step(400);
        assertThat(joint("weak").velocity()).isCloseTo(5, within(FLOAT * 5));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVelocityCommandLastsOneStep(Engine engine) {
        load(engine);
        world.setJointVelocityCommand("strong", "axle", 3);
        sim.step(1);
        assertThat(joint("strong").velocity()).isCloseTo(1, within(FLOAT)); // 1000 rad/s² for one step
        sim.step(10);
        assertThat(joint("strong").velocity()).isCloseTo(1, within(FLOAT)); // coasting, nothing more
        assertThat(joint("strong").effort()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aForceCommandLastsExactlyOneStep(Engine engine) {
        load(engine);
        world.setJointForce("free", "axle", 1);
        sim.step(1);
        // Δω = τ·dt / I = 1 · 0.001 / 0.01
        assertThat(joint("free").velocity()).isCloseTo(1 * DT / I, within(FLOAT * 0.1));
        assertThat(joint("free").effort()).isCloseTo(1, within(FLOAT));
        double after = joint("free").velocity();
        sim.step(1);
        // No command: no gravity torque about a vertical axle, no damping, so nothing changes.
        assertThat(joint("free").velocity()).isCloseTo(after, within(1e-7 * after));
        assertThat(joint("free").effort()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aForceCommandIsClampedToTheEffortLimit(Engine engine) {
        load(engine);
        world.setJointForce("weak", "axle", 1); // limit 0.1 N·m
        sim.step(1);
        assertThat(joint("weak").velocity()).isCloseTo(0.1 * DT / I, within(FLOAT * 0.01));
        assertThat(joint("weak").effort()).isCloseTo(0.1, within(FLOAT * 0.1));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void positionLimitsHoldAgainstAConstantTorque(Engine engine) {
        load(engine);
        // 1 N·m: 100 rad/s², reaching the 0.5 rad limit at ω = sqrt(2·100·0.5) = 10 rad/s. JBullet's hinge limit
        // engages once the angle has crossed it, so the overshoot is at most one step's travel, ω·dt = 0.01 rad
        // (measured 0.0050); then Baumgarte correction settles it (measured 2.7e-7 rad past the limit).
        double impactOvershoot = 10 * DT;
        double[] peak = {0};
        sim.onPreStep((w, i, t) -> w.setJointForce("stopped", "axle", i < 1000 ? 1 : -1));
        sim.onPostStep((w, i, t) -> peak[0] = Math.max(
                peak[0], Math.abs(w.joint("stopped", "axle").orElseThrow().position()) - 0.5));
        sim.step(1000);
        assertThat(joint("stopped").position()).isCloseTo(0.5, within(1e-6));
        sim.step(1000);
        assertThat(joint("stopped").position()).isCloseTo(-0.5, within(1e-6));
        assertThat(peak[0]).isLessThanOrEqualTo(impactOvershoot);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void dampingDecaysTheVelocityExponentiallyAtTheRateBOverI(Engine engine) {
        load(engine);
        double b = 0.02;
        world.setJointVelocityCommand("damped", "axle", 4); // no effort limit: 4 rad/s in one step
        sim.step(1);
        assertThat(joint("damped").velocity()).isCloseTo(4, within(FLOAT));
        int n = 1000;
        sim.step(n);
        // JBullet's damping is implicit, each step v ← v / (1 + b·dt/I); Bullet's own row is explicit,
        // v ← v·(1 − b·dt/I) (a motor row whose bound is b·|v| at the start of the step), so after 1 s it is 0.4 %
        // lower: 0.5403 against 0.5424 rad/s. The projected articulation (when it is the default, engine.create())
        // finishes the
        // damping in joint space, implicitly, on both engines. Over n steps either is exp(-b·t/I) to within
        // n·(b·dt/I)²/2 = 0.2 % relative, on opposite sides.
        double x = b * DT / I;
        boolean implicit = engine == Engine.JBULLET || Articulation.DEFAULT == Articulation.PROJECTED;
        double discrete = implicit ? 4 * Math.pow(1 + x, -n) : 4 * Math.pow(1 - x, n);
        double continuous = 4 * Math.exp(-b / I * n * DT);
        double v = joint("damped").velocity();
        assertThat(v).isCloseTo(discrete, within(n * 1.2e-7 * discrete));
        assertThat(v).isCloseTo(continuous, within(n * x * x / 2 * continuous * 1.1));
        // The effort is the damping torque the step applied: JBullet's (implicit) -b·v at the end of the step,
        // Bullet's (explicit) -b·v at its start, which is v / (1 − b·dt/I).
        double torque = implicit ? -b * v : -b * v / (1 - x);
        assertThat(joint("damped").effort()).isCloseTo(torque, within(FLOAT * b * v));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void coulombFrictionHoldsBelowItsValueAndSubtractsAboveIt(Engine engine) {
        load(engine);
        double[] torque = {0.04};
        sim.onPreStep((w, i, t) -> w.setJointForce("sticky", "axle", torque[0]));
        // friction 0.05 N·m: 0.04 N·m does not move the wheel.
        sim.step(100);
        assertThat(joint("sticky").velocity()).isCloseTo(0, within(1e-7));
        assertThat(joint("sticky").effort()).isCloseTo(0, within(1e-7)); // command and friction cancel
        // 0.08 N·m accelerates it at (0.08 - 0.05) / 0.01 = 3 rad/s².
        torque[0] = 0.08;
        sim.step(100);
        assertThat(joint("sticky").velocity()).isCloseTo(3 * 100 * DT, within(100 * 1.2e-7 * 3));
        assertThat(joint("sticky").effort()).isCloseTo(0.03, within(FLOAT * 0.1));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVelocityServoOvercomesFrictionWithinItsEffort(Engine engine) {
        load(engine);
        // effort 1 N·m less friction 0.05 N·m: 95 rad/s² until 3 rad/s, then the servo holds against friction.
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("sticky", "axle", 3));
        sim.step(10);
        assertThat(joint("sticky").velocity()).isCloseTo(95 * 10 * DT, within(FLOAT));
        assertThat(joint("sticky").effort()).isCloseTo(0.95, within(FLOAT));
        sim.step(100);
        assertThat(joint("sticky").velocity()).isCloseTo(3, within(FLOAT * 3));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aContinuousJointUnwrapsAndAResetSetsItsPositionExactly(Engine engine) {
        load(engine);
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("spinner", "axle", 10));
        sim.step(1000);
        // No effort limit: 10 rad/s from the first step; 1000 steps → 10 rad, past ±π.
        assertThat(joint("spinner").position()).isCloseTo(10, within(1000 * 1.2e-7 * 10));

        world.resetJointPosition("spinner", "axle", 7);
        JointState reset = joint("spinner");
        // Float transforms: 7 rad to ε·7.
        assertThat(reset.position()).isCloseTo(7, within(FLOAT));
        assertThat(reset.velocity()).isCloseTo(0, within(FLOAT));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aResetHoldsWithoutCommandsAndMovesAPrismaticChild(Engine engine) {
        load(engine);
        world.setJointVelocityCommand("free", "axle", 2);
        sim.step(10);
        world.resetJointPosition("free", "axle", -1.2);
        assertThat(joint("free").position()).isCloseTo(-1.2, within(FLOAT));
        assertThat(joint("free").velocity()).isCloseTo(0, within(FLOAT));
        sim.step(10);
        assertThat(joint("free").position()).isCloseTo(-1.2, within(FLOAT));

        world.resetJointPosition("carriage", "rail", 0.25);
        assertThat(joint("carriage").position()).isCloseTo(0.25, within(FLOAT));
        assertThat(sim.link("carriage", "body").pose().x()).isCloseTo(0.25, within(FLOAT));
        assertThat(joint("carriage").type()).isEqualTo(JointType.PRISMATIC);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aPrismaticVelocityCommandMovesTheCarriage(Engine engine) {
        load(engine);
        // effort 100 N on 1 kg: 100 m/s², 0.1 m/s more each step, so 0.5 m/s after 5 steps; the ramp lags
        // (0.4 + 0.3 + 0.2 + 0.1)·dt = 1 mm behind 0.5 m/s · 1 s.
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("carriage", "rail", 0.5));
        sim.step(1000);
        assertThat(joint("carriage").velocity()).isCloseTo(0.5, within(FLOAT));
        assertThat(joint("carriage").position()).isCloseTo(0.5 - 0.001, within(1000 * 1.2e-7 * 0.5));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void theWorldsResetReturnsJointsToZeroWithNoPendingCommands(Engine engine) {
        load(engine);
        sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("strong", "axle", 5));
        sim.step(100);
        world.setJointForce("free", "axle", 3);
        world.setJointVelocityCommand("strong", "axle", 5);
        world.reset();
        for (String model : new String[] {"strong", "free"}) {
            assertThat(joint(model).position()).isZero();
            assertThat(joint(model).velocity()).isZero();
        }
        world.step(DT);
        assertThat(joint("strong").velocity()).isZero();
        assertThat(joint("free").velocity()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void theModelStateListsItsJoints(Engine engine) {
        load(engine);
        ModelState strong = sim.model("strong");
        assertThat(strong.joints()).extracting(JointState::name).containsExactly("axle");
        assertThat(strong.joint("axle").orElseThrow().type()).isEqualTo(JointType.REVOLUTE);
        assertThat(sim.model("spinner").joint("axle").orElseThrow().type()).isEqualTo(JointType.CONTINUOUS);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void anUnknownJointIsNamedWithItsModel(Engine engine) {
        load(engine);
        assertThat(world.joint("strong", "nope")).isEmpty();
        assertThatThrownBy(() -> world.setJointForce("strong", "nope", 1))
                .isInstanceOfSatisfying(UnknownJointException.class, e -> {
                    assertThat(e.model()).isEqualTo("strong");
                    assertThat(e.joint()).isEqualTo("nope");
                })
                .hasMessageContaining("'strong'")
                .hasMessageContaining("'nope'");
        assertThatThrownBy(() -> world.setJointVelocityCommand("nobody", "axle", 1))
                .isInstanceOf(UnknownModelException.class);
        assertThatThrownBy(() -> world.resetJointPosition("strong", "axle", Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("position");
    }
}
