package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 33 item 3: {@code <voxel_resolution>} and {@code <max_convex_hulls>} had no bound of Orrery's own: a
 * 4-triangle mesh at V-HACD's maxima (64,000,000 voxels, 1,024 hulls) froze sim time for 14 to 29 s and took 1.6 GB,
 * again for every new scale, and a resolution below the library's 10,000 failed only once the engine built the body.
 * Now both are bounded where they are written (docs/limits.md says why the numbers).
 */
class DecompositionBoundsSdfTests {

    @TempDir
    Path dir;

    private SdfReader reader() throws Exception {
        Path model = Files.createDirectories(dir.resolve("models/tet"));
        Files.writeString(
                model.resolve("tet.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
        return new SdfReader(List.of(dir.resolve("models")));
    }

    static String model(String decomposition) {
        return """
                <model name="m"><link name="l"><collision name="c"><geometry>
                <mesh optimization="convex_decomposition"><uri>model://tet/tet.obj</uri>
                <convex_decomposition>%s</convex_decomposition></mesh>
                </geometry></collision></link></model>""".formatted(decomposition);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "<voxel_resolution>64000000</voxel_resolution>|<voxel_resolution> must be 10000 to 400000",
                "<voxel_resolution>400001</voxel_resolution>|<voxel_resolution> must be 10000 to 400000",
                "<voxel_resolution>5000</voxel_resolution>|<voxel_resolution> must be 10000 to 400000",
                "<max_convex_hulls>1024</max_convex_hulls>|<max_convex_hulls> must be 1 to 64",
                "<max_convex_hulls>65</max_convex_hulls>|<max_convex_hulls> must be 1 to 64",
                "<max_convex_hulls>0</max_convex_hulls>|<max_convex_hulls> must be 1 to 64",
            })
    void parametersBeyondTheBoundsAreRefusedWhereTheyAreWritten(String parameter, String words) throws Exception {
        SdfReader reader = reader();
        SdfException e =
                catchThrowableOfType(SdfException.class, () -> reader.readModel(model(parameter), "spawn request"));
        assertThat(e).isNotNull();
        assertThat(e.file()).isEqualTo("spawn request");
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.detail()).contains(words, "docs/limits.md");
    }

    @Test
    void theBoundsThemselvesAreRead() throws Exception {
        var model = reader().readModel(
                        model("<max_convex_hulls>64</max_convex_hulls><voxel_resolution>10000</voxel_resolution>"),
                        "spawn request");
        var mesh = (io.orrery.world.Geometry.Mesh)
                model.links().get(0).collisions().get(0).geometry();
        assertThat(mesh.maxConvexHulls()).isEqualTo(64);
        assertThat(mesh.voxelResolution()).isEqualTo(10_000);
    }
}
