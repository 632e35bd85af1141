package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The demo world users get from {@code ./mvnw spring-boot:run}: it loads, steps and behaves as described. */
class DefaultWorldSimulationTests {

    private static final Path DEFAULT_WORLD = Path.of("worlds/default.sdf");

    @Test
    void loadsAndSteps1000TimesWithShapesFallingAndTheRampStill() {
        WorldSpec spec = SimulationFixture.read(DEFAULT_WORLD);
        assertThat(spec.models()).extracting(m -> m.name()).contains("ground_plane", "ramp", "sliding_box",
                "red_box", "ball", "cylinder", "pendulum");
        assertThat(spec.guiCameraPose()).isPresent();

        try (SimulationFixture fixture = SimulationFixture.of(spec)) {
            Pose ramp = fixture.world().model("ramp").orElseThrow().pose();
            double redBoxStart = fixture.world().model("red_box").orElseThrow().pose().z();

            fixture.step(1000);

            for (String name : fixture.world().modelNames()) {
                Pose p = fixture.world().model(name).orElseThrow().pose();
                assertThat(p.position().isFinite()).as(name).isTrue();
            }
            assertThat(fixture.world().model("ramp").orElseThrow().pose()).isEqualTo(ramp);
            // After 1 s the red box (0.5 m) has fallen from 2 m and is on the ground: its centre between lying flat
            // (0.25 m) and resting on an edge (0.354 m), as the green box lands on it around 0.7 s and may tip it.
            double redBox = fixture.world().model("red_box").orElseThrow().pose().z();
            assertThat(redBoxStart).isEqualTo(2.0);
            assertThat(redBox).isBetween(0.24, 0.36);
        }
    }
}
