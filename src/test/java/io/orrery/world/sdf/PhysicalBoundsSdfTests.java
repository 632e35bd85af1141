package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.orrery.world.InertialSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.mesh.TestMeshes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 33 item 1: every size and magnitude a shape, pose, mass or inertia may take is bounded as the SDF is read
 * ({@code io.orrery.world.PhysicalBounds}), so that no spawn, load or gz-transport create hands the engines a value their single
 * precision turns into NaN. A sphere of radius 1e30 used to be read, spawned and then break JBullet's next step.
 */
class PhysicalBoundsSdfTests {

    @TempDir
    Path dir;

    private final SdfReader reader = new SdfReader(List.of());

    /** A dynamic model whose link holds {@code inertial} and one collision of {@code geometry}, spanning 4 lines. */
    static String model(String pose, String inertial, String geometry) {
        return "<model name='m'><pose>" + pose + "</pose>\n<link name='l'>\n" + inertial
                + "\n<collision name='c'><geometry>" + geometry + "</geometry></collision></link></model>";
    }

    static String sphere(double radius) {
        return "<sphere><radius>" + radius + "</radius></sphere>";
    }

    private SdfException refused(String snippet) {
        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.readModel(snippet, "spawn request"));
        assertThat(e).as("refused: %s", snippet).isNotNull();
        assertThat(e.file()).isEqualTo("spawn request");
        assertThat(e.line()).as("%s", e).isPositive();
        assertThat(e.column()).as("%s", e).isPositive();
        return e;
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "<sphere><radius>1e30</radius></sphere>|4|<radius>",
                "<box><size>1 1e6 1</size></box>|4|<size>",
                "<cylinder><radius>1</radius><length>2e5</length></cylinder>|4|<length>",
                "<capsule><radius>1e300</radius><length>1</length></capsule>|4|<radius>",
                "<cone><radius>1</radius><length>1e9</length></cone>|4|<length>",
                "<ellipsoid><radii>1 1 1e30</radii></ellipsoid>|4|<radii>",
            })
    void aShapeLongerThanTheBoundIsRefusedWhereItIsWritten(String geometry, int line, String element) {
        SdfException e = refused(model("0 0 1 0 0 0", "", geometry));
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.detail()).contains(element, "beyond 100000.0 m", "docs/limits.md");
    }

    @Test
    void aPoseFartherThanTheBoundIsRefused() {
        SdfException e = refused(model("1e30 0 1 0 0 0", "", sphere(1)));
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.detail()).contains("<pose>", "1.0E30 m", "beyond 100000.0 m");
        // a link's own pose too, and a collision's
        assertThat(refused("<model name='m'><link name='l'>\n<pose>0 -2e5 0 0 0 0</pose></link></model>")
                        .line())
                .isEqualTo(2);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "<inertial><mass>1e30</mass></inertial>|<mass>|beyond 1000000.0 kg",
                "<inertial><mass>1e-40</mass></inertial>|<mass>|below 1.0E-12 kg",
                "<inertial><mass>1</mass><inertia><ixx>1e30</ixx></inertia></inertial>|<ixx>|beyond 1.0E16 kg·m²",
                "<inertial><mass>1</mass><inertia><iyy>1e-30</iyy></inertia></inertial>|<iyy>|below 1.0E-18 kg·m²",
                "<inertial><mass>1</mass><inertia><ixy>-1e20</ixy></inertia></inertial>|<ixy>|beyond 1.0E16 kg·m²",
            })
    void aMassOrInertiaOutsideTheBoundsIsRefused(String inertial, String element, String words) {
        SdfException e = refused(model("0 0 1 0 0 0", inertial, sphere(1)));
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.detail()).contains(element, words);
    }

    @Test
    void aComputedMassOutsideTheBoundsIsRefusedAtTheInertial() {
        // 1e30 kg/m³ over a 1 m sphere: the mass auto="true" computes is what the engine would get
        SdfException e =
                refused(model("0 0 1 0 0 0", "<inertial auto='true'><density>1e30</density></inertial>", sphere(1)));
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.detail()).contains("<inertial>", "mass", "beyond 1000000.0 kg");
    }

    @Test
    void valuesAtTheBoundsAndMasslessPartsAreRead() {
        ModelSpec m = reader.readModel(
                model(
                        "1e5 -1e5 0 0 0 0",
                        "<inertial><mass>1e6</mass><inertia><ixx>1e16</ixx><ixy>-1e16</ixy><iyy>1e16</iyy>"
                                + "<izz>1e-18</izz></inertia></inertial>",
                        sphere(1e5)),
                "spawn request");
        assertThat(m.pose().position().x()).isEqualTo(1e5);
        InertialSpec inertial = m.links().get(0).inertial().orElseThrow();
        assertThat(inertial.mass()).isEqualTo(1e6);
        // zero stays allowed: a massless link, a moment an engine treats as locked
        ModelSpec light = reader.readModel(
                model(
                        "0 0 1 0 0 0",
                        "<inertial><mass>0</mass><inertia><ixx>0</ixx><iyy>1e-18</iyy><izz>0</izz></inertia>"
                                + "</inertial>",
                        sphere(1)),
                "spawn request");
        assertThat(light.links().get(0).inertial().orElseThrow().mass()).isZero();
    }

    @Test
    void aStateThatStartsALinkFasterThanTheBoundIsRefused() throws Exception {
        Path file = dir.resolve("fast.sdf");
        Files.writeString(file, """
                <sdf version='1.11'><world name='w'>
                <model name='m'><link name='l'><collision name='c'><geometry><sphere><radius>1</radius></sphere>
                </geometry></collision></link></model>
                <state world_name='w'><model name='m'><link name='l'><pose>0 0 1 0 0 0</pose>
                <velocity>0 0 0 0 0 1e30</velocity></link></model></state>
                </world></sdf>""");
        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.read(file));
        assertThat(e).isNotNull();
        assertThat(e.file()).isEqualTo(file.toAbsolutePath().normalize().toString());
        assertThat(e.line()).isEqualTo(5);
        assertThat(e.detail()).contains("<velocity>", "beyond 10000.0");
    }

    @Test
    void aMeshScaledBeyondTheBoundIsRefused() throws Exception {
        Path meshes = Files.createDirectories(dir.resolve("models/rock/meshes"));
        TestMeshes.binaryStl(
                meshes.resolve("rock.stl"),
                TestMeshes.boxVertices(new float[] {-1, -1, -1}, new float[] {1, 1, 1}),
                TestMeshes.boxTriangles());
        SdfReader withModels = new SdfReader(List.of(dir.resolve("models")));
        SdfException e = catchThrowableOfType(
                SdfException.class,
                () -> withModels.readModel(
                        model(
                                "0 0 1 0 0 0",
                                "",
                                "<mesh><uri>model://rock/meshes/rock.stl</uri><scale>1 1 1e30</scale></mesh>"),
                        "spawn request"));
        assertThat(e).isNotNull();
        assertThat(e.line()).isEqualTo(4);
        assertThat(e.detail()).contains("model://rock/meshes/rock.stl", "beyond 100000.0 m");
    }

    @Test
    void aHeightmapLargerThanTheBoundIsRefused() throws Exception {
        Path png = TestMeshes.png(dir.resolve("terrain.png"), 5, 8, (x, y) -> x * 10);
        Path file = dir.resolve("terrain.sdf");
        Files.writeString(file, """
                <sdf version='1.11'><world name='w'><model name='t'><static>true</static><link name='l'>
                <collision name='c'><geometry><heightmap><uri>%s</uri>
                <size>1e30 10 1</size></heightmap></geometry></collision></link></model></world></sdf>""".formatted(png.getFileName()));
        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.read(file));
        assertThat(e).isNotNull();
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.detail()).contains("<size>", "beyond 100000.0 m");
    }
}
