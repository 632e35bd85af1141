package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.InertialSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.mesh.TestMeshes;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <inertial auto="true">}: mass, centre and the full tensor from the collisions, as libsdformat sums them. */
class AutoInertiaTests {

    @TempDir
    Path dir;

    InertialSpec inertial(String link) {
        ModelSpec m = new SdfReader(List.of(dir.resolve("models")))
                .readModel("<sdf version='1.11'><model name='m'>" + link + "</model></sdf>", "snippet");
        return m.links().get(0).inertial().orElseThrow();
    }

    @Test
    void twoBoxesSideBySideSumWithTheParallelAxisTheorem() {
        // two 1x1x1 m boxes of 1000 kg/m³ at x = ±1: 2000 kg, centre at 0;
        // ixx = 2 · 1000 (1+1)/12, iyy = izz = 2 · (1000 (1+1)/12 + 1000 · 1²)
        InertialSpec i = inertial("""
                <link name="l"><inertial auto="true"/>
                  <collision name="a"><pose>1 0 0 0 0 0</pose><geometry><box><size>1 1 1</size></box></geometry>
                  </collision>
                  <collision name="b"><pose>-1 0 0 0 0 0</pose><geometry><box><size>1 1 1</size></box></geometry>
                  </collision>
                </link>""");
        assertThat(i.mass()).isCloseTo(2000, within(1e-9));
        assertThat(i.pose().position().length()).isCloseTo(0, within(1e-12));
        var t = i.inertia().orElseThrow();
        assertThat(t.ixx()).isCloseTo(2000.0 / 6, within(1e-9));
        assertThat(t.iyy()).isCloseTo(2000.0 / 6 + 2000, within(1e-9));
        assertThat(t.izz()).isCloseTo(2000.0 / 6 + 2000, within(1e-9));
    }

    @Test
    void aTurnedCylinderHasProductsAndAGivenMassScalesIt() {
        // a 0.1 m radius, 1 m cylinder along the link's (x + z)/√2, scaled to 2 kg: about its axis a = m r²/2 = 0.01,
        // across it c = m (3 r² + l²)/12 = 2.06/12; I = c E + (a - c) n nᵀ with n = (1, 0, 1)/√2
        InertialSpec i = inertial("""
                <link name="l"><inertial auto="true"><mass>2</mass></inertial>
                  <collision name="c"><pose>0 0 0 0 0.7853981633974483 0</pose>
                    <geometry><cylinder><radius>0.1</radius><length>1</length></cylinder></geometry></collision>
                </link>""");
        var t = i.inertia().orElseThrow();
        assertThat(i.mass()).isEqualTo(2);
        double across = 2.06 / 12;
        assertThat(t.iyy()).isCloseTo(across, within(1e-12));
        assertThat(t.ixx()).isCloseTo((across + 0.01) / 2, within(1e-12));
        assertThat(t.ixz()).isCloseTo((0.01 - across) / 2, within(1e-12));
    }

    @Test
    void aConesCentreIsAQuarterUpFromItsBase() {
        InertialSpec i = inertial("""
                <link name="l"><inertial auto="true"/>
                  <collision name="c"><geometry><cone><radius>1</radius><length>2</length></cone></geometry>
                  </collision></link>""");
        assertThat(i.pose().position().z()).isCloseTo(-0.5, within(1e-12));
        assertThat(i.mass()).isCloseTo(1000 * Math.PI * 2 / 3, within(1e-9));
    }

    /** Where a test's mesh file goes: model "shapes" of the model path, as a spawned model names its meshes. */
    private Path shape(String file) throws java.io.IOException {
        return java.nio.file.Files.createDirectories(dir.resolve("models/shapes"))
                .resolve(file);
    }

    /** A collision of a mesh file of model "shapes" at {@code pose}, and with {@code scale}. */
    private static String meshCollision(String name, Path file, String pose, String scale) {
        return "<collision name='" + name + "'><pose>" + pose + "</pose><geometry><mesh><uri>model://shapes/"
                + file.getFileName() + "</uri><scale>" + scale + "</scale></mesh></geometry></collision>";
    }

    private static void assertSameInertial(InertialSpec actual, InertialSpec expected) {
        // The divergence theorem is exact for a polyhedron, and these vertices are exact in float32: what is left is
        // double rounding over a dozen triangles, far below 1e-9 of kilograms and kg·m² of order 1-1000.
        assertThat(actual.mass()).isCloseTo(expected.mass(), within(1e-9));
        assertThat(actual.pose().position().minus(expected.pose().position()).length())
                .isCloseTo(0, within(1e-9));
        var a = actual.inertia().orElseThrow();
        var e = expected.inertia().orElseThrow();
        double[] got = {a.ixx(), a.ixy(), a.ixz(), a.iyy(), a.iyz(), a.izz()};
        double[] want = {e.ixx(), e.ixy(), e.ixz(), e.iyy(), e.iyz(), e.izz()};
        for (int k = 0; k < 6; k++) {
            assertThat(got[k]).as("inertia component %d", k).isCloseTo(want[k], within(1e-9));
        }
    }

    @Test
    void aBoxMeshWeighsAsTheBoxItEncloses() throws Exception {
        // a 2 x 1 x 0.5 m box mesh from the origin, turned and moved: the same as a <box> at the box's centre
        Path stl = TestMeshes.binaryStl(
                shape("box.stl"),
                TestMeshes.boxVertices(new float[] {0, 0, 0}, new float[] {2, 1, 0.5f}),
                TestMeshes.boxTriangles());
        String pose = "0.5 -0.2 0.1 0.3 0.2 0.7";
        InertialSpec mesh =
                inertial("<link name='l'><inertial auto='true'/>" + meshCollision("m", stl, pose, "1 1 1") + "</link>");
        // the box's centre (1, 0.5, 0.25) in the mesh frame, so the <box> sits at pose ∘ (1, 0.5, 0.25)
        var centre =
                io.orrery.world.Pose.of(0.5, -0.2, 0.1, 0.3, 0.2, 0.7).apply(new io.orrery.world.Vec3(1, 0.5, 0.25));
        InertialSpec box = inertial("<link name='l'><inertial auto='true'/><collision name='b'><pose>" + centre.x()
                + " " + centre.y() + " " + centre.z() + " 0.3 0.2 0.7</pose><geometry><box><size>2 1 0.5</size></box>"
                + "</geometry></collision></link>");
        assertThat(mesh.mass()).isCloseTo(1000, within(1e-9));
        assertSameInertial(mesh, box);
    }

    @Test
    void aMeshOfTwoPartsHasTheProductsOfInertiaOfTwoBoxes() throws Exception {
        // parts.obj: unit cubes at [0,1]³ and a 2 m cube at [4,6]³, read as one mesh: their common centre lies off
        // every axis, so ixy, ixz and iyz are not zero, and must equal those of the two <box> collisions
        Path obj = TestMeshes.obj(shape("parts.obj"), new String[] {"a", "b"}, new float[][] {
            TestMeshes.boxVertices(new float[] {0, 0, 0}, new float[] {1, 1, 1}),
            TestMeshes.boxVertices(new float[] {4, 4, 4}, new float[] {6, 6, 6})
        });
        InertialSpec mesh = inertial(
                "<link name='l'><inertial auto='true'/>" + meshCollision("m", obj, "0 0 0 0 0 0", "1 1 1") + "</link>");
        InertialSpec boxes = inertial("""
                <link name="l"><inertial auto="true"/>
                  <collision name="a"><pose>0.5 0.5 0.5 0 0 0</pose><geometry><box><size>1 1 1</size></box></geometry>
                  </collision>
                  <collision name="b"><pose>5 5 5 0 0 0</pose><geometry><box><size>2 2 2</size></box></geometry>
                  </collision>
                </link>""");
        assertThat(mesh.inertia().orElseThrow().ixy()).isNotCloseTo(0, within(1.0));
        assertSameInertial(mesh, boxes);
    }

    @Test
    void aMirroredMeshWeighsTheSame() throws Exception {
        // scale -1 mirrors the mesh and turns its winding inside out; the solid is the same box, mirrored in x
        Path stl = TestMeshes.binaryStl(
                shape("box.stl"),
                TestMeshes.boxVertices(new float[] {0, 0, 0}, new float[] {2, 1, 0.5f}),
                TestMeshes.boxTriangles());
        InertialSpec mirrored = inertial("<link name='l'><inertial auto='true'/>"
                + meshCollision("m", stl, "0 0 0 0 0 0", "-1 1 1") + "</link>");
        InertialSpec box = inertial("<link name='l'><inertial auto='true'/><collision name='b'><pose>-1 0.5 0.25 0 0 0"
                + "</pose><geometry><box><size>2 1 0.5</size></box></geometry></collision></link>");
        assertSameInertial(mirrored, box);
    }

    @Test
    void aFlatMeshIsRefusedNamingTheCollision() throws Exception {
        // a box squashed to zero height encloses nothing: its mass cannot come from a density
        Path stl = TestMeshes.binaryStl(
                shape("flat.stl"),
                TestMeshes.boxVertices(new float[] {0, 0, 0}, new float[] {2, 1, 0}),
                TestMeshes.boxTriangles());
        SdfException e = catchThrowableOfType(
                SdfException.class,
                () -> inertial("<link name='l'><inertial auto='true'/>"
                        + meshCollision("sheet", stl, "0 0 0 0 0 0", "1 1 1") + "</link>"));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("collision 'sheet'", "encloses no volume", "<mass> and <inertia>");
    }
}
