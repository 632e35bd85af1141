package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.orrery.world.Geometry;
import io.orrery.world.ModelSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.MeshLimits;
import io.orrery.world.mesh.MeshLoader;
import io.orrery.world.mesh.TestMeshes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code <mesh>} and {@code <heightmap>} as the SDF reader reads them: URIs resolved through the model path and beside
 * the SDF file, every element read, and every bad file a load error naming the SDF file, line and column and the URI,
 * never a directory of the server.
 */
class MeshSdfTests {

    @TempDir
    Path dir;

    private Path models() throws Exception {
        Path meshes = Files.createDirectories(dir.resolve("models/robot/meshes"));
        TestMeshes.binaryStl(
                meshes.resolve("body.stl"),
                TestMeshes.boxVertices(new float[] {-1, -1, -1}, new float[] {1, 1, 1}),
                TestMeshes.boxTriangles());
        TestMeshes.obj(meshes.resolve("parts.obj"), new String[] {"a", "b"}, new float[][] {
            TestMeshes.boxVertices(new float[] {0, 0, 0}, new float[] {1, 1, 1}),
            TestMeshes.boxVertices(new float[] {4, 4, 4}, new float[] {6, 6, 6})
        });
        return dir.resolve("models");
    }

    private static String world(String geometry) {
        return "<sdf version='1.11'><world name='w'>\n<model name='m'><static>true</static><link name='l'>"
                + "<collision name='c'><geometry>\n" + geometry + "\n</geometry></collision></link></model>"
                + "</world></sdf>";
    }

    private WorldSpec read(SdfReader reader, String geometry) throws Exception {
        Path file = dir.resolve("world.sdf");
        Files.writeString(file, world(geometry));
        return reader.read(file);
    }

    private SdfException failure(SdfReader reader, String geometry) throws Exception {
        return catchThrowableOfType(SdfException.class, () -> read(reader, geometry));
    }

    private static Geometry geometry(WorldSpec world) {
        return world.models().get(0).links().get(0).collisions().get(0).geometry();
    }

    @Test
    void everyMeshElementIsRead() throws Exception {
        SdfReader reader = new SdfReader(List.of(models()));
        Geometry.Mesh mesh = (Geometry.Mesh) geometry(read(reader, """
                <mesh optimization="convex_decomposition"><uri>model://robot/meshes/parts.obj</uri>
                  <submesh><name>b</name><center>true</center></submesh><scale>1 2 3</scale>
                  <convex_decomposition><max_convex_hulls>5</max_convex_hulls>
                  <voxel_resolution>10000</voxel_resolution></convex_decomposition></mesh>"""));
        assertThat(mesh.optimization()).isEqualTo(Geometry.MeshOptimization.CONVEX_DECOMPOSITION);
        assertThat(mesh.maxConvexHulls()).isEqualTo(5);
        assertThat(mesh.voxelResolution()).isEqualTo(10000);
        // decomposed as it was read (never by an engine, never on the runner thread), within the asked-for count
        assertThat(mesh.convexParts().orElseThrow().count()).isBetween(1, 5);
        assertThat(mesh.submesh()).hasValue("b");
        assertThat(mesh.triangles().triangleCount()).isEqualTo(12);
        // submesh b is 2 m a side, centred, then scaled by (1, 2, 3)
        assertThat(mesh.triangles().min()).containsExactly(-1f, -2f, -3f);
        assertThat(mesh.triangles().max()).containsExactly(1f, 2f, 3f);
        // SDF's defaults
        Geometry.Mesh plain =
                (Geometry.Mesh) geometry(read(reader, "<mesh><uri>model://robot/meshes/body.stl</uri>" + "</mesh>"));
        assertThat(plain.optimization()).isEqualTo(Geometry.MeshOptimization.NONE);
        assertThat(plain.maxConvexHulls()).isEqualTo(16);
        assertThat(plain.triangles().triangleCount()).isEqualTo(12);
    }

    @Test
    void relativeAndFileUrisResolveFromTheSdfFile() throws Exception {
        Path models = models();
        SdfReader reader = new SdfReader(List.of());
        Geometry.Mesh relative =
                (Geometry.Mesh) geometry(read(reader, "<mesh><uri>models/robot/meshes/body.stl</uri></mesh>"));
        assertThat(relative.triangles().source())
                .isEqualTo(models.resolve("robot/meshes/body.stl").toString());
        Geometry.Mesh file = (Geometry.Mesh) geometry(read(
                reader, "<mesh><uri>" + models.resolve("robot/meshes/body.stl").toUri() + "</uri></mesh>"));
        assertThat(file.triangles()).isSameAs(relative.triangles());
    }

    @Test
    void aHeightmapIsReadWithItsSizeAndPos() throws Exception {
        TestMeshes.png(dir.resolve("terrain.png"), 3, 8, (x, y) -> y == 0 ? 255 : 0);
        Geometry.Heightmap h = (Geometry.Heightmap) geometry(read(
                new SdfReader(List.of()),
                "<heightmap><uri>terrain.png</uri><size>4 6 2</size><pos>1 0 -0.5</pos></heightmap>"));
        assertThat(h.image().size()).isEqualTo(3);
        // the image's top row lies at +y
        assertThat(h.height(0, 2)).isEqualTo(1.5);
        assertThat(h.height(0, 0)).isEqualTo(-0.5);
        assertThat(h.x(0)).isEqualTo(-1.0);
        assertThat(h.x(2)).isEqualTo(3.0);
        assertThat(h.y(2)).isEqualTo(3.0);
    }

    @Test
    void aMissingMeshNamesTheSdfPlaceTheUriAndThePathsSearched() throws Exception {
        Path models = models();
        Path other = Files.createDirectories(dir.resolve("other"));
        SdfReader reader = new SdfReader(List.of(other, models));
        SdfException e = failure(reader, "  <mesh><uri>model://robot/meshes/gone.stl</uri></mesh>");
        assertThat(e.file()).isEqualTo(dir.resolve("world.sdf").toAbsolutePath().toString());
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column())
                .as("where the <uri> start tag ends, as the XML parser locates it")
                .isEqualTo(14);
        // named relative to the model path: the server's directories are not the requester's business (issue 33)
        assertThat(e.detail())
                .contains(
                        "model 'm' link 'l' collision 'c'",
                        "'model://robot/meshes/gone.stl' not found in the model path (2 directories")
                .doesNotContain(other.toString(), models.toString());
        SdfException relative = failure(reader, "<mesh><uri>meshes/gone.dae</uri></mesh>");
        assertThat(relative.detail())
                .contains("'meshes/gone.dae' not found (a path is read beside the SDF file that names it)")
                .doesNotContain(dir.toString());
        SdfException noPath = failure(new SdfReader(List.of()), "<mesh><uri>model://robot/a.stl</uri></mesh>");
        assertThat(noPath.detail()).contains("not found in the model path, which is empty");
    }

    @Test
    void emptyMalformedAndUnreadableMeshesNameTheFile() throws Exception {
        Path models = models();
        SdfReader reader = new SdfReader(List.of(models));
        Path meshes = models.resolve("robot/meshes");
        Files.write(meshes.resolve("empty.stl"), new byte[0]);
        Files.writeString(meshes.resolve("broken.dae"), "<COLLADA><asset>", StandardCharsets.UTF_8);
        Files.createDirectories(meshes.resolve("folder.stl"));
        for (String[] c : new String[][] {
            {"empty.stl", "the file is empty"},
            {"broken.dae", "malformed COLLADA XML at line 1"},
            {"folder.stl", "not a regular file"}
        }) {
            SdfException e = failure(reader, "<mesh><uri>model://robot/meshes/" + c[0] + "</uri></mesh>");
            assertThat(e.line()).as(c[0]).isEqualTo(3);
            assertThat(e.detail())
                    .as(c[0])
                    .contains("'model://robot/meshes/" + c[0] + "': " + c[1])
                    .doesNotContain(meshes.toString());
        }
        SdfException badImage = failure(reader, "<heightmap><uri>model://robot/meshes/body.stl</uri></heightmap>");
        assertThat(badImage.detail()).contains("body.stl", "not an image");
    }

    @Test
    void limitsAreNamedInTheError() throws Exception {
        SdfReader reader =
                new SdfReader(List.of(models()), SdfLimits.DEFAULT, new MeshLoader(new MeshLimits(1 << 20, 10, 100)));
        SdfException e = failure(reader, "<mesh><uri>model://robot/meshes/body.stl</uri></mesh>");
        assertThat(e.detail()).contains("more than 10 triangles", "orrery.mesh.max-triangles");
    }

    @Test
    void aSpawnedModelMayNameOnlyModelPathMeshes() throws Exception {
        SdfReader reader = new SdfReader(List.of(models()));
        for (String uri : List.of("/etc/passwd", "file:///etc/passwd", "../world.sdf", "meshes/body.stl")) {
            SdfException e = catchThrowableOfType(
                    SdfException.class,
                    () -> reader.readModel(
                            "<model name='x'><link name='l'>"
                                    + "<collision name='c'><geometry><mesh><uri>" + uri
                                    + "</uri></mesh></geometry></collision>"
                                    + "</link></model>",
                            "spawn request"));
            assertThat(e.file()).as(uri).isEqualTo("spawn request");
            assertThat(e.detail()).as(uri).contains("not allowed in a spawned model", "model://");
        }
        SdfException out = catchThrowableOfType(
                SdfException.class,
                () -> reader.readModel(
                        "<model name='x'><link name='l'>"
                                + "<collision name='c'><geometry><mesh><uri>model://robot/../../world.sdf</uri></mesh></geometry>"
                                + "</collision></link></model>",
                        "spawn request"));
        assertThat(out.detail()).contains("a path inside a model must be one plain path segment", "got '..'");
        ModelSpec spawned = reader.readModel(
                "<model name='x'><link name='l'><collision name='c'><geometry><mesh>"
                        + "<uri>model://robot/meshes/body.stl</uri></mesh></geometry></collision></link></model>",
                "spawn");
        assertThat(spawned.links().get(0).collisions().get(0).geometry()).isInstanceOf(Geometry.Mesh.class);
    }

    @Test
    void aReloadReadsMeshesFromTheCache() throws Exception {
        MeshLoader loader = new MeshLoader(MeshLimits.DEFAULT);
        SdfReader reader = new SdfReader(List.of(models()), SdfLimits.DEFAULT, loader);
        String mesh = "<mesh><uri>model://robot/meshes/body.stl</uri></mesh>";
        Geometry.Mesh first = (Geometry.Mesh) geometry(read(reader, mesh));
        Geometry.Mesh again = (Geometry.Mesh) geometry(read(reader, mesh));
        assertThat(again.triangles()).isSameAs(first.triangles());
        assertThat(loader.filesRead()).isEqualTo(1);
        reader.readModel(
                "<model name='x'><link name='l'><collision name='c'><geometry>" + mesh
                        + "</geometry></collision></link></model>",
                "spawn");
        assertThat(loader.filesRead()).as("a spawn naming it too").isEqualTo(1);
    }

    @Test
    void aRemoteMeshIsNotFetched() throws Exception {
        SdfException e = failure(
                new SdfReader(List.of()),
                "<mesh><uri>https://fuel.gazebosim.org/1.0/o/models/m/meshes/a.dae</uri></mesh>");
        assertThat(e.detail()).contains("is not fetched", "model path");
    }
}
