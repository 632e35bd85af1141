package io.orrery.world.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each format read with its triangle count and bounds, scale, submeshes, the cache and every bad file. */
class MeshLoaderTests {

    private static final double[] ONE = {1, 1, 1};
    /** Coordinates pass through float32 (the files and the mesh): 1e-6 relative is float's resolution. */
    private static final double EPS = 1e-5;

    private static final float[] MIN = {-0.5f, -1f, 0f};
    private static final float[] MAX = {0.5f, 1f, 0.25f};

    @TempDir
    Path dir;

    private final MeshLoader loader = new MeshLoader(MeshLimits.DEFAULT);

    private static float[] box() {
        return TestMeshes.boxVertices(MIN, MAX);
    }

    private static void assertBounds(TriangleMesh mesh, double[] min, double[] max) {
        for (int k = 0; k < 3; k++) {
            assertThat((double) mesh.min()[k]).as("min %d", k).isCloseTo(min[k], within(EPS));
            assertThat((double) mesh.max()[k]).as("max %d", k).isCloseTo(max[k], within(EPS));
        }
    }

    @Test
    void asciiAndBinaryStlHoldTheBox() {
        for (Path file : new Path[] {
            TestMeshes.asciiStl(dir.resolve("a.stl"), box(), TestMeshes.boxTriangles()),
            TestMeshes.binaryStl(dir.resolve("b.stl"), box(), TestMeshes.boxTriangles())
        }) {
            TriangleMesh mesh = loader.mesh(file, ONE, null, false);
            assertThat(mesh.triangleCount()).as(file.toString()).isEqualTo(12);
            // identical vertices joined, as gz-common asks Assimp to
            assertThat(mesh.vertexCount()).as(file.toString()).isEqualTo(8);
            assertBounds(mesh, new double[] {-0.5, -1, 0}, new double[] {0.5, 1, 0.25});
        }
    }

    @Test
    void objQuadsAreTriangulated() {
        Path file = TestMeshes.obj(dir.resolve("box.obj"), new String[] {"box"}, new float[][] {box()});
        TriangleMesh mesh = loader.mesh(file, ONE, null, false);
        assertThat(mesh.triangleCount()).isEqualTo(12);
        assertBounds(mesh, new double[] {-0.5, -1, 0}, new double[] {0.5, 1, 0.25});
    }

    @Test
    void colladaAppliesItsUnitAndNodeTransform() {
        // unit 0.01 m (centimetres), node moved by (100, 0, 50) cm: 1 m along x and 0.5 m up
        Path file = TestMeshes.collada(
                dir.resolve("box.dae"), box(), TestMeshes.boxTriangles(), 0.01, new float[] {100, 0, 50});
        TriangleMesh mesh = loader.mesh(file, ONE, null, false);
        assertThat(mesh.triangleCount()).isEqualTo(12);
        assertBounds(mesh, new double[] {0.995, -0.01, 0.5}, new double[] {1.005, 0.01, 0.5025});
    }

    @Test
    void gltfAndGlbApplyTheNodeTranslation() {
        float[] translate = {0, 0, 2};
        for (Path file : new Path[] {
            TestMeshes.gltf(dir.resolve("box.gltf"), box(), TestMeshes.boxTriangles(), translate),
            TestMeshes.glb(dir.resolve("box.glb"), box(), TestMeshes.boxTriangles(), translate)
        }) {
            TriangleMesh mesh = loader.mesh(file, ONE, null, false);
            assertThat(mesh.triangleCount()).as(file.toString()).isEqualTo(12);
            assertBounds(mesh, new double[] {-0.5, -1, 2}, new double[] {0.5, 1, 2.25});
        }
    }

    @Test
    void scaleMultipliesEachAxis() {
        Path file = TestMeshes.binaryStl(dir.resolve("b.stl"), box(), TestMeshes.boxTriangles());
        TriangleMesh mesh = loader.mesh(file, new double[] {2, 3, -4}, null, false);
        assertBounds(mesh, new double[] {-1, -3, -1}, new double[] {1, 3, 0});
    }

    @Test
    void aSubmeshIsChosenByNameAndCentred() {
        float[] far = TestMeshes.boxVertices(new float[] {10, 10, 10}, new float[] {11, 12, 13});
        Path file = TestMeshes.obj(dir.resolve("two.obj"), new String[] {"near", "far"}, new float[][] {box(), far});
        assertThat(loader.mesh(file, ONE, null, false).triangleCount()).isEqualTo(24);
        TriangleMesh chosen = loader.mesh(file, ONE, "far", false);
        assertThat(chosen.triangleCount()).isEqualTo(12);
        assertBounds(chosen, new double[] {10, 10, 10}, new double[] {11, 12, 13});
        TriangleMesh centred = loader.mesh(file, new double[] {2, 2, 2}, "far", true);
        // centred first, then scaled: (1, 2, 3) across, twice that
        assertBounds(centred, new double[] {-1, -2, -3}, new double[] {1, 2, 3});
        assertThatThrownBy(() -> loader.mesh(file, ONE, "middle", false))
                .isInstanceOf(MeshException.class)
                .hasMessageContaining("no submesh named 'middle'")
                .hasMessageContaining("'near'")
                .hasMessageContaining("'far'");
    }

    @Test
    void aSecondLoadDoesNotReadTheFileAgain() {
        Path file = TestMeshes.binaryStl(dir.resolve("b.stl"), box(), TestMeshes.boxTriangles());
        TriangleMesh first = loader.mesh(file, ONE, null, false);
        TriangleMesh again = loader.mesh(file, ONE, null, false);
        assertThat(again).isSameAs(first);
        assertThat(loader.filesRead()).isEqualTo(1);
        loader.mesh(file, new double[] {2, 2, 2}, null, false);
        assertThat(loader.filesRead()).as("another scale is another mesh").isEqualTo(2);
    }

    @Test
    void aChangedFileIsReadAgain() throws Exception {
        Path file = TestMeshes.binaryStl(dir.resolve("b.stl"), box(), TestMeshes.boxTriangles());
        loader.mesh(file, ONE, null, false);
        TestMeshes.asciiStl(file, box(), new int[] {0, 1, 2});
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(1000));
        assertThat(loader.mesh(file, ONE, null, false).triangleCount()).isEqualTo(1);
        assertThat(loader.filesRead()).isEqualTo(2);
    }

    @Test
    void theCacheDropsTheLeastRecentlyUsedPastItsBound() {
        MeshLoader small = new MeshLoader(new MeshLimits(1 << 20, 100, 24));
        Path a = TestMeshes.binaryStl(dir.resolve("a.stl"), box(), TestMeshes.boxTriangles());
        Path b = TestMeshes.binaryStl(dir.resolve("b.stl"), box(), TestMeshes.boxTriangles());
        Path c = TestMeshes.binaryStl(dir.resolve("c.stl"), box(), TestMeshes.boxTriangles());
        small.mesh(a, ONE, null, false);
        small.mesh(b, ONE, null, false);
        small.mesh(a, ONE, null, false); // a used last: b is the eldest
        small.mesh(c, ONE, null, false); // 36 triangles > 24: b goes
        assertThat(small.filesRead()).isEqualTo(3);
        small.mesh(a, ONE, null, false);
        assertThat(small.filesRead()).isEqualTo(3);
        small.mesh(b, ONE, null, false);
        assertThat(small.filesRead()).isEqualTo(4);
    }

    @Test
    void badFilesAreRefusedSayingWhy() throws Exception {
        Path empty = TestMeshes.write(dir.resolve("empty.stl"), new byte[0]);
        assertThatThrownBy(() -> loader.mesh(empty, ONE, null, false))
                .isInstanceOf(MeshException.class)
                .hasMessage("the file is empty");
        Path missing = dir.resolve("missing.stl");
        assertThatThrownBy(() -> loader.mesh(missing, ONE, null, false))
                .isInstanceOf(MeshException.class)
                .hasMessageContaining("cannot read the file")
                .hasMessageContaining("missing.stl");
        Path directory = Files.createDirectory(dir.resolve("dir.stl"));
        assertThatThrownBy(() -> loader.mesh(directory, ONE, null, false))
                .isInstanceOf(MeshException.class)
                .hasMessage("not a regular file");
        Path garbage = TestMeshes.write(
                dir.resolve("garbage.dae"), "<COLLADA><library_geometries>".getBytes(StandardCharsets.UTF_8));
        // refused as it is checked, before the mesh library reads it
        assertThatThrownBy(() -> loader.mesh(garbage, ONE, null, false))
                .isInstanceOf(MeshException.class)
                .hasMessageStartingWith("malformed COLLADA XML at line 1, column 30: ");
        Path noTriangles = TestMeshes.write(
                dir.resolve("none.stl"), "solid none\nendsolid none\n".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> loader.mesh(noTriangles, ONE, null, false)).isInstanceOf(MeshException.class);
    }

    @Test
    void limitsOnBytesAndTrianglesAreKept() {
        Path file = TestMeshes.binaryStl(dir.resolve("b.stl"), box(), TestMeshes.boxTriangles());
        MeshLoader fewBytes = new MeshLoader(new MeshLimits(100, 1000, 1000));
        assertThatThrownBy(() -> fewBytes.mesh(file, ONE, null, false))
                .isInstanceOf(MeshException.class)
                .hasMessage("the file has 684 bytes, more than 100, the most orrery.mesh.max-bytes allows");
        MeshLoader fewTriangles = new MeshLoader(new MeshLimits(1 << 20, 11, 1000));
        assertThatThrownBy(() -> fewTriangles.mesh(file, ONE, null, false))
                .isInstanceOf(MeshException.class)
                .hasMessage("it holds more than 11 triangles, the most orrery.mesh.max-triangles allows");
    }

    @Test
    void massPropertiesOfAClosedBoxAreTheBoxs() {
        // a 1 × 2 × 0.25 box: V = 0.5, centre (0, 0, 0.125), I = V/12 (b² + c², a² + c², a² + b²)
        TriangleMesh mesh = new TriangleMesh("box", box(), TestMeshes.boxTriangles());
        MassProperties p = mesh.massProperties();
        assertThat(p.volume()).isCloseTo(0.5, within(1e-9));
        assertThat(p.centre()).containsExactly(new double[] {0, 0, 0.125}, within(1e-9));
        double[] i = p.inertia();
        assertThat(i[0]).isCloseTo(0.5 / 12 * (4 + 0.0625), within(1e-9));
        assertThat(i[4]).isCloseTo(0.5 / 12 * (1 + 0.0625), within(1e-9));
        assertThat(i[8]).isCloseTo(0.5 / 12 * (1 + 4), within(1e-9));
        assertThat(new double[] {i[1], i[2], i[5]}).containsExactly(new double[] {0, 0, 0}, within(1e-9));
        assertThat(p.inertiaForMass(2)[8]).isCloseTo(2.0 / 12 * 5, within(1e-9));
    }

    @Test
    void heightmapImagesOf8And16Bits() {
        Path eight = TestMeshes.png(dir.resolve("h8.png"), 5, 8, (x, y) -> x * 60 + y);
        HeightImage image = loader.heightmap(eight);
        assertThat(image.size()).isEqualTo(5);
        assertThat(image.bits()).isEqualTo(8);
        assertThat(image.value(4, 0)).isEqualTo(240f / 255);
        assertThat(image.value(0, 3)).isEqualTo(3f / 255);
        Path sixteen = TestMeshes.png(dir.resolve("h16.png"), 3, 16, (x, y) -> x == 2 && y == 1 ? 65535 : 1000);
        HeightImage deep = loader.heightmap(sixteen);
        assertThat(deep.bits()).isEqualTo(16);
        assertThat(deep.value(2, 1)).isEqualTo(1f);
        assertThat(deep.value(0, 0)).isEqualTo(1000f / 65535);
        Path oblong = TestMeshes.write(dir.resolve("o.png"), new byte[0]);
        assertThatThrownBy(() -> loader.heightmap(oblong)).hasMessage("the file is empty");
    }
}
