package io.orrery.physics;

import static io.orrery.physics.TestWorlds.boxLink;
import static io.orrery.physics.TestWorlds.ground;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ten boxes stacked in a column stay stacked without exploding. JBullet has no box-box contact generator: GJK
 * adds one contact point per step, so a stack keeps rocking slightly instead of coming fully to rest; the
 * tolerances say "still a stack", not "at rest".
 */
class BoxStackSimulationTests {

    private static final int COUNT = 10;
    private static final double SIZE = 0.2;

    @Test
    void tenBoxesSettle() {
        List<ModelSpec> models = new ArrayList<>();
        models.add(ground());
        for (int i = 0; i < COUNT; i++) {
            models.add(model("box" + i, Pose.translation(0, 0, SIZE / 2 + i * SIZE), false,
                    boxLink("body", Pose.IDENTITY, 1, new Vec3(SIZE, SIZE, SIZE), SurfaceSpec.DEFAULT)));
        }
        try (var sim = SimulationFixture.of(world(models.toArray(ModelSpec[]::new)), 0.001)) {
            sim.step(3000);
            for (int i = 0; i < COUNT; i++) {
                ModelState box = sim.model("box" + i);
                Vec3 p = box.pose().position();
                assertThat(Math.hypot(p.x(), p.y())).as("box %d off its column", i).isLessThan(0.1);
                assertThat(Math.abs(p.z() - (SIZE / 2 + i * SIZE))).as("box %d height", i).isLessThan(0.02);
                assertThat(box.velocity().linear().length()).as("box %d speed", i).isLessThan(0.5);
                // Tilt of the box's up axis (a spin about the vertical does not matter to a stack).
                double tilt = Math.acos(Math.min(1, box.pose().rotation().rotate(Vec3.UNIT_Z).z()));
                assertThat(tilt).as("box %d tilt", i).isLessThan(0.15);
            }
        }
    }
}
