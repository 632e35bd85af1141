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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Ten boxes stacked in a column come to rest, on both engines with the same bounds. On JBullet this needs a full
 * contact patch between boxes every step (the box-box and box-plane algorithms in {@code physics.jbullet}); with
 * JBullet's one GJK point per step the stack keeps rocking at 0.1-0.4 m/s and drifts centimetres off its column.
 * Bullet 3 has its own box-box algorithm.
 */
class BoxStackSimulationTests {

    private static final int COUNT = 10;
    private static final double MAX_OFFSET = 0.01;
    private static final double MAX_HEIGHT_ERROR = 0.005;
    private static final double MAX_SPEED = 0.02;
    private static final double MAX_SPIN = 0.05;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void tenSmallBoxesSettle(Engine engine) {
        assertSettles(engine, 0.2, 1);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void tenOneMetreBoxesSettle(Engine engine) {
        assertSettles(engine, 1.0, 10);
    }

    /** Builds the column, runs 3 s at 1 ms, and checks every box is at rest where it was put. */
    private static void assertSettles(Engine engine, double size, double mass) {
        List<ModelSpec> models = new ArrayList<>();
        models.add(ground());
        for (int i = 0; i < COUNT; i++) {
            models.add(model(
                    "box" + i,
                    Pose.translation(0, 0, restHeight(size, i)),
                    false,
                    boxLink("body", Pose.IDENTITY, mass, new Vec3(size, size, size), SurfaceSpec.DEFAULT)));
        }
        try (var sim = SimulationFixture.of(engine, world(models.toArray(ModelSpec[]::new)), 0.001)) {
            sim.step(3000);
            for (int i = 0; i < COUNT; i++) {
                ModelState box = sim.model("box" + i);
                Vec3 p = box.pose().position();
                assertThat(Math.hypot(p.x(), p.y()))
                        .as("%.1f m box %d off its column", size, i)
                        .isLessThan(MAX_OFFSET);
                assertThat(Math.abs(p.z() - restHeight(size, i)))
                        .as("%.1f m box %d height", size, i)
                        .isLessThan(MAX_HEIGHT_ERROR);
                assertThat(box.velocity().linear().length())
                        .as("%.1f m box %d speed", size, i)
                        .isLessThan(MAX_SPEED);
                assertThat(box.velocity().angular().length())
                        .as("%.1f m box %d spin", size, i)
                        .isLessThan(MAX_SPIN);
            }
        }
    }

    private static double restHeight(double size, int level) {
        return size / 2 + level * size;
    }
}
