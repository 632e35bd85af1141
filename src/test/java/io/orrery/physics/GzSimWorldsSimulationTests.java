package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.GzSimWorlds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every world in {@code worlds/gazebo/} builds and steps without a NaN pose: 1000 steps each, 200 for
 * 3k_shapes.sdf (3000 bodies) to keep the suite quick. A missing folder, or a world the reader rejects, fails.
 */
class GzSimWorldsSimulationTests {

    static List<Path> worlds() throws IOException {
        return GzSimWorlds.files();
    }

    @ParameterizedTest
    @MethodSource("worlds")
    void buildsAndStepsWithoutNaN(Path file) {
        int steps = file.getFileName().toString().startsWith("3k_") ? 200 : 1000;
        WorldSpec spec = SimulationFixture.read(file);
        try (var sim = SimulationFixture.of(spec, 0.001)) {
            assertThat(sim.world().modelNames()).isNotEmpty();
            sim.step(steps);
            for (String name : sim.world().modelNames()) {
                ModelState model = sim.model(name);
                assertFinite(name, model.pose());
                for (LinkState link : model.links()) {
                    assertFinite(name + "::" + link.name(), link.pose());
                    assertThat(link.pose().z())
                            .as("%s fell through the ground", link.name())
                            .isGreaterThan(-1);
                }
            }
        }
    }

    private static void assertFinite(String what, Pose pose) {
        assertThat(pose.position().isFinite()).as("%s position %s", what, pose).isTrue();
        assertThat(Double.isFinite(pose.rotation().w()
                        + pose.rotation().x()
                        + pose.rotation().y()
                        + pose.rotation().z()))
                .as("%s rotation %s", what, pose)
                .isTrue();
    }
}
