package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.TestMeshes;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A heightmap world holds dropped boxes at the heights its image says, on both engines and from 8- and 16-bit images:
 * a 9 × 9 image over 10 × 10 m (1.25 m between grid points), its top four rows high and the rest low, so the terrain
 * is flat and high for y ≥ 1.25 (the image's top lies at +y) and flat and low for y ≤ 0.
 */
class HeightmapSimulationTests {

    private static final double HALF = 0.1;
    /** The heightfield's margin (ShapePlan.CONCAVE_MARGIN) holds things this much above it. */
    private static final double MARGIN = 0.001;
    /** Both engines settle a box on flat triangles to within 1e-7 m (as in MeshSimulationTests): 0.1 mm. */
    private static final double REST = 1e-4;

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"jbullet, 8, 200, 50", "bullet, 8, 200, 50", "jbullet, 16, 40000, 10000", "bullet, 16, 40000, 10000"})
    void boxesRestAtTheImagesHeights(String engine, int bits, int high, int low) throws Exception {
        TestMeshes.png(dir.resolve("terrain.png"), 9, bits, (x, y) -> y < 4 ? high : low);
        double max = (1 << bits) - 1;
        double sizeZ = 2;
        double base = -0.5;
        Path file = dir.resolve("world.sdf");
        Files.writeString(file, """
                <sdf version='1.11'><world name='terrain'><physics name='1ms' type='ignored'>
                <max_step_size>0.001</max_step_size></physics>
                <model name="terrain"><static>true</static><link name="l"><collision name="ground"><geometry>
                  <heightmap><uri>terrain.png</uri><size>10 10 %s</size><pos>0 0 %s</pos></heightmap>
                </geometry></collision></link></model>
                %s %s
                </world></sdf>""".formatted(sizeZ, base, box("north", 3), box("south", -3)));
        WorldSpec spec = new SdfReader(List.of()).read(file);
        try (var sim = SimulationFixture.of(Engine.valueOf(engine.toUpperCase()), spec)) {
            assertThat(sim.model("terrain").link("l").orElseThrow().shapes())
                    .singleElement()
                    .isEqualTo(new ShapeInfo("ground", "heightfield", 0, 81, 128));
            sim.step(2000);
            assertThat(sim.pose("north").z()).isCloseTo(base + high / max * sizeZ + MARGIN + HALF, within(REST));
            assertThat(sim.pose("south").z()).isCloseTo(base + low / max * sizeZ + MARGIN + HALF, within(REST));
            assertThat(sim.model("north").velocity().linear().length()).isLessThan(1e-3);
        }
    }

    private static String box(String name, double y) {
        return """
                <model name="%s"><pose>0 %s 2.5 0 0 0</pose><link name="body">
                  <inertial><mass>1</mass><inertia><ixx>0.006667</ixx><iyy>0.006667</iyy><izz>0.006667</izz>
                  </inertia></inertial>
                  <collision name="c"><geometry><box><size>0.2 0.2 0.2</size></box></geometry></collision>
                </link></model>""".formatted(name, y);
    }
}
