package io.orrery.physics;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Fixed joints made and broken while the world runs ({@link PhysicsWorld#attach}), on both engines: a 1 kg box held
 * 1 m beside a static post hangs there; let go, it falls as a free body does; a reset, a removed model and a post
 * made dynamic and static again each leave the joints as the API says. No gravity-free tricks: the world has Earth's
 * gravity (9.8 m/s²), so a box the joint did not hold would fall 0.49 m in the 1,000 steps of 1 ms.
 */
class AttachSimulationTests {

    private static final Vec3 CUBE = new Vec3(0.2, 0.2, 0.2);

    private static WorldSpec scene() {
        ModelSpec post = model(
                "post", Pose.translation(0, 0, 2), true, boxLink("body", Pose.IDENTITY, 5, CUBE, SurfaceSpec.DEFAULT));
        ModelSpec box = model(
                "box", Pose.translation(1, 0, 2), false, boxLink("body", Pose.IDENTITY, 1, CUBE, SurfaceSpec.DEFAULT));
        return world(post, box);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void anAttachedBoxHangsWhereItWasAndFallsOnceDetached(Engine engine) {
        try (var sim = SimulationFixture.of(engine, scene(), 0.001)) {
            long id = sim.world().attach("post", "body", "box", "body");
            sim.step(1000);
            // held to a static post: it stays where the joint was made, to what the solver lets sag in 1 s (1 mm)
            assertThat(sim.pose("box").z()).isCloseTo(2, within(1e-3));
            assertThat(sim.pose("box").x()).isCloseTo(1, within(1e-3));

            assertThat(sim.world().detach(id)).isTrue();
            assertThat(sim.world().detach(id))
                    .as("a second detach finds nothing")
                    .isFalse();
            double z = sim.pose("box").z();
            sim.step(100);
            // free fall for 0.1 s from rest: g t² / 2 = 0.049 m; the sag it started from moves it by under 1 mm
            assertThat(z - sim.pose("box").z()).isCloseTo(0.049, within(1e-3));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aResetAndARemovedModelDropTheJoints(Engine engine) {
        try (var sim = SimulationFixture.of(engine, scene(), 0.001)) {
            long id = sim.world().attach("post", "body", "box", "body");
            sim.world().reset();
            assertThat(sim.world().detach(id))
                    .as("a reset restores the world as loaded, without the joint")
                    .isFalse();
            sim.step(100);
            assertThat(2 - sim.pose("box").z()).isCloseTo(0.049, within(1e-3));

            long again = sim.world().attach("post", "body", "box", "body");
            sim.world().removeModel("box");
            assertThat(sim.world().detach(again)).isFalse();
            sim.step(10); // the post steps on alone
            assertThat(sim.pose("post")).isEqualTo(Pose.translation(0, 0, 2));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aJointBetweenTwoStaticBodiesWaitsUntilOneMoves(Engine engine) {
        try (var sim = SimulationFixture.of(engine, scene(), 0.001)) {
            sim.world().setStatic("box", true);
            long id = sim.world().attach("post", "body", "box", "body");
            sim.world().setStatic("box", false);
            sim.step(1000);
            assertThat(sim.pose("box").z()).isCloseTo(2, within(1e-3));
            assertThat(sim.world().detach(id)).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void badNamesAreRefused(Engine engine) {
        try (var sim = SimulationFixture.of(engine, scene(), 0.001)) {
            assertThatThrownBy(() -> sim.world().attach("post", "nope", "box", "body"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("nope");
            assertThatThrownBy(() -> sim.world().attach("post", "body", "ghost", "body"))
                    .isInstanceOf(UnknownModelException.class);
            assertThatThrownBy(() -> sim.world().attach("box", "body", "box", "body"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("itself");
        }
    }
}
