package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Vec3;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link PhysicsWorld#setLinkVelocity}: one link's twist, about its own origin, in the world frame. */
class LinkVelocitySimulationTests {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aFreeBodyMovesOffWithTheTwistGivenAndGravityAddsOneStepOfFall(Engine engine) {
        try (SimulationFixture sim = SimulationFixture.load(engine, "falling_box")) {
            Twist wanted = new Twist(new Vec3(1, -2, 0.5), new Vec3(0, 0, 3));
            sim.world().setLinkVelocity("box", "body", wanted);
            sim.step(1);

            Twist v = sim.link("box", "body").velocity();
            // One step of 1 ms in free flight: only gravity changes the twist (9.8 m/s² × 1 ms); JBullet is float.
            assertThat(v.linear().x()).isCloseTo(1, within(1e-5));
            assertThat(v.linear().y()).isCloseTo(-2, within(1e-5));
            assertThat(v.linear().z()).isCloseTo(0.5 - 9.8 * sim.dt(), within(1e-5));
            assertThat(v.angular().z()).isCloseTo(3, within(1e-5));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aJointedLinkSpinsItsJointAndTheOtherModelsAreUntouched(Engine engine) {
        try (SimulationFixture sim = SimulationFixture.load(engine, "wheels")) {
            sim.world().setLinkVelocity("free", "wheel", new Twist(Vec3.ZERO, new Vec3(0, 0, 2)));
            sim.step(10);

            // The free wheel has no damping, friction or limits: its axle keeps the 2 rad/s it was given.
            assertThat(sim.world().joint("free", "axle").orElseThrow().velocity())
                    .isCloseTo(2, within(1e-4));
            assertThat(sim.world().joint("strong", "axle").orElseThrow().velocity())
                    .isCloseTo(0, within(1e-9));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void anUnknownLinkIsRefusedNamingIt(Engine engine) {
        try (SimulationFixture sim = SimulationFixture.load(engine, "falling_box")) {
            assertThatThrownBy(() -> sim.world().setLinkVelocity("box", "wing", Twist.ZERO))
                    .hasMessageContaining("'wing'");
        }
    }
}
