package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SDF's {@code <ode><mu2>} and {@code <fdir1>} with {@code gz:expressed_in}, read from gz-sim's
 * {@code mecanum_drive.sdf} (vendored): simulated, so no longer listed, and written back as read.
 */
class AnisotropicFrictionSdfTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/mecanum_drive.sdf");

    @Test
    void theWheelsKeepMu2AndFdir1InTheChassisFrame() {
        assertThat(WORLD).as("gz-sim's test world").exists();
        WorldSpec world = new SdfReader(List.of()).read(WORLD);
        ModelSpec vehicle = world.models().stream()
                .filter(m -> m.name().equals("vehicle_blue"))
                .findFirst()
                .orElseThrow();
        assertThat(surface(vehicle, "front_left_wheel"))
                .isEqualTo(new SurfaceSpec(1.0, 0.0, 0.0, new Vec3(1, -1, 0), "chassis"));
        assertThat(surface(vehicle, "rear_left_wheel"))
                .isEqualTo(new SurfaceSpec(1.0, 0.0, 0.0, new Vec3(1, 1, 0), "chassis"));
        assertThat(surface(vehicle, "chassis")).isEqualTo(SurfaceSpec.DEFAULT);
        assertThat(world.ignored()).noneSatisfy(i -> assertThat(i.element()).isIn("mu2", "fdir1"));
    }

    @Test
    void mu2DefaultsToMuAsGazeboTakesIt() {
        SurfaceSpec isotropic = new SurfaceSpec(0.7, 0.1);
        assertThat(isotropic.friction2()).isEqualTo(0.7);
        assertThat(isotropic.anisotropic()).isFalse();
    }

    @Test
    void theWriterWritesWhatTheReaderReads() throws Exception {
        WorldSpec world = new SdfReader(List.of()).read(WORLD);
        Path copy = java.nio.file.Files.createTempFile("mecanum", ".sdf");
        try {
            java.nio.file.Files.writeString(copy, new SdfWriter().write(world, WorldState.unchanged(world)));
            WorldSpec again = new SdfReader(List.of()).read(copy);
            ModelSpec vehicle = again.models().stream()
                    .filter(m -> m.name().equals("vehicle_blue"))
                    .findFirst()
                    .orElseThrow();
            assertThat(surface(vehicle, "front_right_wheel"))
                    .isEqualTo(new SurfaceSpec(1.0, 0.0, 0.0, new Vec3(1, 1, 0), "chassis"));
        } finally {
            java.nio.file.Files.deleteIfExists(copy);
        }
    }

    private static SurfaceSpec surface(ModelSpec model, String link) {
        LinkSpec l = model.links().stream()
                .filter(x -> x.name().equals(link))
                .findFirst()
                .orElseThrow();
        return l.collisions().get(0).surface();
    }
}
