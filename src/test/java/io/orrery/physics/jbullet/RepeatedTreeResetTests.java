package io.orrery.physics.jbullet;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.ground;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.physics.PhysicsWorld;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reset of a JBullet world repeats the broadphase tree its load recorded (the reason its reset does not walk the
 * tree), after edits to the loaded world as well; the same episode to the bit is ResetRebuildSimulationTests'.
 */
class RepeatedTreeResetTests {

    @Test
    void aResetRepeatsTheLoadedTree() {
        List<ModelSpec> models = new ArrayList<>();
        models.add(ground());
        for (int i = 0; i < 400; i++) {
            models.add(model(
                    "box" + i,
                    Pose.translation(1.5 * (i % 20), 1.5 * (i / 20), 0.5),
                    i % 3 == 0,
                    boxLink("body", Pose.IDENTITY, 1, new Vec3(1, 1, 1), SurfaceSpec.DEFAULT)));
        }
        WorldSpec spec = world(models.toArray(ModelSpec[]::new));
        try (PhysicsWorld world = new JBulletPhysicsEngine().build(spec)) {
            JBulletWorld jbullet = (JBulletWorld) world;
            assertThat(jbullet.repeatedTree())
                    .as("the load records; it has nothing to repeat")
                    .isFalse();
            world.step(0.001);

            world.reset();
            assertThat(jbullet.repeatedTree()).isTrue();

            world.step(0.001);
            world.removeModel("box7");
            world.setStatic("box8", true);
            world.setModelPose("box9", Pose.translation(40, 40, 3));
            world.reset();
            assertThat(jbullet.repeatedTree())
                    .as("after edits, a reset builds the loaded world")
                    .isTrue();
        }
    }
}
