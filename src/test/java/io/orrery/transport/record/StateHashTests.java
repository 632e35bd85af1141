package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.physics.Engine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SimulationFixture;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The state hash a recording keeps at every step skips the bodies of models whose state has not changed since the
 * last hash: on both engines, over the default world's 5 s (its boxes come to rest and sleep, its pendulum swings,
 * a sleeping box is moved by an edit), the hash and every entry are the very bits of a hash that reads every body.
 */
class StateHashTests {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void skippingUnchangedModelsGivesTheBitsOfReadingEveryBody(Engine engine) {
        try (PhysicsWorld world = engine.create().build(SimulationFixture.read(Path.of("worlds/default.sdf")))) {
            StateHash kept = new StateHash();
            StateHash every = new StateHash();
            for (int step = 1; step <= 5000; step++) {
                if (step == 4000) { // an edit of a model at rest: its next hash must read it again
                    world.setModelPose("red_box", new Pose(new Vec3(0, 2, 1.5), Quat.IDENTITY));
                }
                world.step(0.001);
                kept.of(world);
                every.ofEveryBody(world);
                assertThat(kept.world()).as("step %d", step).isEqualTo(every.world());
                assertThat(kept.entries()).as("step %d", step).isEqualTo(every.entries());
                assertThat(kept.names()).as("step %d", step).isEqualTo(every.names());
            }
            assertThat(kept.kept())
                    .as("models kept without reading their bodies (those at rest)")
                    .isPositive();
            assertThat(every.kept()).isZero();
        }
    }
}
