package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfException;
import org.junit.jupiter.api.Assumptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every world in {@code ../shared/worlds/gz-sim/} builds and steps without a NaN pose: 1000 steps each, 200 for
 * 3k_shapes.sdf (3000 bodies) to keep the suite quick.
 */
class GzSimWorldsSimulationTests {

    private static final Path FOLDER = Path.of("../shared/worlds/gz-sim");

    static Stream<Path> worlds() throws IOException {
        if (!Files.isDirectory(FOLDER)) {
            return Stream.of(FOLDER.resolve("absent.sdf"));
        }
        return Files.list(FOLDER).filter(p -> p.toString().endsWith(".sdf")).sorted();
    }

    @ParameterizedTest
    @MethodSource("worlds")
    void buildsAndStepsWithoutNaN(Path file) {
        assumeTrue(Files.isRegularFile(file), "gz-sim worlds folder is absent");
        int steps = file.getFileName().toString().startsWith("3k_") ? 200 : 1000;
        WorldSpec spec;
        try {
            spec = SimulationFixture.read(file);
        } catch (SdfException e) {
            // Reading is the reader's test's business; this test is about physics. Reported, not hidden.
            Assumptions.abort("the SDF reader rejects " + file.getFileName() + ": " + e.getMessage());
            return;
        }
        try (var sim = SimulationFixture.of(spec, 0.001)) {
            assertThat(sim.world().modelNames()).isNotEmpty();
            sim.step(steps);
            for (String name : sim.world().modelNames()) {
                ModelState model = sim.model(name);
                assertFinite(name, model.pose());
                for (LinkState link : model.links()) {
                    assertFinite(name + "::" + link.name(), link.pose());
                    assertThat(link.pose().z()).as("%s fell through the ground", link.name()).isGreaterThan(-1);
                }
            }
        }
    }

    private static void assertFinite(String what, Pose pose) {
        assertThat(pose.position().isFinite()).as("%s position %s", what, pose).isTrue();
        assertThat(Double.isFinite(pose.rotation().w() + pose.rotation().x() + pose.rotation().y()
                + pose.rotation().z())).as("%s rotation %s", what, pose).isTrue();
    }
}
