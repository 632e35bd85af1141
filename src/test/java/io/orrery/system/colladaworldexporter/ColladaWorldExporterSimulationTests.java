package io.orrery.system.colladaworldexporter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.physics.LinkState;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.lwjgl.assimp.AIColor4D;
import org.lwjgl.assimp.AIMaterial;
import org.lwjgl.assimp.AIMesh;
import org.lwjgl.assimp.AIScene;
import org.lwjgl.assimp.AIVector3D;
import org.lwjgl.assimp.Assimp;
import org.lwjgl.system.MemoryStack;

/**
 * gz-sim's {@code test/integration/collada_world_exporter.cc} re-expressed over its own worlds (vendored in
 * {@code worlds/gz-sim-tests}): ExportWorld ({@code collada_world_exporter.sdf}: a ground plane, a box, a cylinder and a
 * sphere) and ExportWorldWithLights ({@code collada_world_exporter_lights.sdf}: the same with a point light and a
 * sun). Gazebo checks that one iteration makes the export directory appear; these tests check that too, and then read
 * the file back with Assimp (a COLLADA reader Orrery did not write) to check that it holds the world: a mesh per
 * visual, placed where physics has the link, coloured as the world says, and the lights.
 *
 * <p>Gazebo's other two cases (a Fuel mesh with submeshes, an OBJ office with textures) need models from Fuel, which
 * Orrery does not download; Orrery's export writes a mesh visual as one geometry, not one per submesh (docs).
 */
class ColladaWorldExporterSimulationTests {

    static final Path BOX_WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/collada_world_exporter.sdf");
    static final Path LIGHTS_WORLD =
            Path.of("src/test/resources/worlds/gz-sim-tests/collada_world_exporter_lights.sdf");

    /** The exported vertices are single-precision floats of coordinates within a few metres: 1e-6 m covers rounding. */
    static final double FLOAT_ROUNDING = 1e-6;

    static final Namespace COLLADA = Namespace.getNamespace(ColladaDocument.NAMESPACE);

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void exportWorld() throws Exception {
        Path dir = sim.outputDirectory().resolve("collada_world_exporter_box_test");
        assertThat(dir).doesNotExist();

        // Orrery starts the world paused and runs its PostUpdates while paused, as a paused gz-sim server does, so
        // the export is written as soon as the world runs (Gazebo's test runs one unpaused iteration)
        sim.startPaused(BOX_WORLD);
        sim.step(1);

        assertThat(dir).isDirectory();
        assertThat(dir.resolve("meshes/collada_world_exporter_box_test.dae")).isRegularFile();
    }

    @Test
    void theFileHoldsEveryVisualWherePhysicsHasItsLink() throws Exception {
        // The export is made at the first PostUpdate, which in a world started paused is its first paused cycle:
        // the world as its initial reset left it, before any step
        sim.startPaused(BOX_WORLD);
        LinkState box = sim.model("box").link("box_link").orElseThrow();
        LinkState sphere = sim.model("sphere").link("sphere_link").orElseThrow();
        sim.step(1);

        List<Part> parts = readBack(exported("collada_world_exporter_box_test"));

        assertThat(parts).hasSize(4); // the ground plane, the box, the cylinder and the sphere
        // the box is 1 m on a side: its corners, where physics has its link after the step
        Part boxPart = nearest(parts, box.pose().position());
        assertCorners(boxPart, box.pose(), 0.5);
        assertThat(boxPart.diffuse()).containsExactly(1f, 0f, 0f, 1f); // <diffuse>1 0 0 1</diffuse>
        // the sphere's radius is 0.5: its vertices lie on it, whatever the tessellation
        Part spherePart = nearest(parts, sphere.pose().position());
        for (float[] v : spherePart.vertices()) {
            double r =
                    new Vec3(v[0], v[1], v[2]).minus(sphere.pose().position()).length();
            assertThat(r).isCloseTo(0.5, within(FLOAT_ROUNDING));
        }
        // the ground plane is 100 m × 100 m at z = 0
        Part ground = parts.stream()
                .filter(p -> p.max()[0] - p.min()[0] > 50)
                .findFirst()
                .orElseThrow();
        assertThat(ground.min()).containsExactly(new float[] {-50, -50, 0}, org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(ground.max()).containsExactly(new float[] {50, 50, 0}, org.assertj.core.data.Offset.offset(1e-6f));
    }

    @Test
    void exportWorldWithLights() throws Exception {
        Path dir = sim.outputDirectory().resolve("collada_world_exporter_lights_test");
        assertThat(dir).doesNotExist();
        sim.startPaused(LIGHTS_WORLD);
        sim.step(1);
        assertThat(dir).isDirectory();

        Document doc = new SAXBuilder()
                .build(exported("collada_world_exporter_lights_test").toFile());
        Element lights = doc.getRootElement().getChild("library_lights", COLLADA);
        assertThat(lights.getChildren("light", COLLADA))
                .extracting(l -> l.getAttributeValue("name"))
                .containsExactly("point_light", "sun");
        Element point = lights.getChildren().get(0).getChild("technique_common", COLLADA);
        assertThat(point.getChild("point", COLLADA)).isNotNull();
        Element sun = lights.getChildren().get(1).getChild("technique_common", COLLADA);
        assertThat(sun.getChild("directional", COLLADA)).isNotNull();
        // Assimp reads both lights, and the sun shines along its <direction> turned by its <pose> (pitch 45, radians as
        // SDF reads it)
        try (AIScene scene = Assimp.aiImportFile(
                exported("collada_world_exporter_lights_test").toString(), 0)) {
            assertThat(scene).as(Assimp.aiGetErrorString()).isNotNull();
            assertThat(scene.mNumLights()).isEqualTo(2);
        }
        Element sunNode = doc
                .getRootElement()
                .getChild("library_visual_scenes", COLLADA)
                .getChild("visual_scene", COLLADA)
                .getChildren("node", COLLADA)
                .stream()
                .filter(n -> "sun".equals(n.getAttributeValue("name")))
                .findFirst()
                .orElseThrow();
        double[] m = Stream.of(sunNode.getChildText("matrix", COLLADA).split(" "))
                .mapToDouble(Double::parseDouble)
                .toArray();
        Vec3 shines = new Vec3(-m[2], -m[6], -m[10]); // the node's -z: the third column, negated
        Vec3 expected = Pose.of(0, 0, 5, 0, 45, 0)
                .rotation()
                .rotate(new Vec3(-0.5, 0.1, -0.9))
                .normalized();
        assertThat(shines.minus(expected).length()).isLessThan(1e-6);
        assertThat(new double[] {m[3], m[7], m[11]}).containsExactly(new double[] {0, 0, 5}, within(1e-6));
    }

    @Test
    void aResetDoesNotExportAgain() throws Exception {
        sim.startPaused(BOX_WORLD);
        sim.step(1);
        Path file = exported("collada_world_exporter_box_test");
        Files.delete(file);

        sim.reset();
        sim.step(5);

        assertThat(file)
                .as("Gazebo exports once; a reset keeps the plugin that did")
                .doesNotExist();
    }

    @Test
    void aWorldWhoseNameIsNoSafeFileNameFailsThePluginNamingIt() throws Exception {
        Path world = sim.withReplaced(BOX_WORLD, "name=\"collada_world_exporter_box_test\"", "name=\"..\"");
        sim.startPaused(world);
        sim.step(1);

        PluginStatus status = sim.runner().reads().pluginStatuses().stream()
                .filter(s -> s.name().contains("ColladaWorldExporter"))
                .findFirst()
                .orElseThrow();
        assertThat(status.state()).isEqualTo(PluginState.FAILED);
        assertThat(status.error()).get().asString().contains("'..'").contains("not a safe file name");
        try (Stream<Path> written = Files.list(sim.outputDirectory().getParent())) {
            assertThat(written.filter(p -> p.toString().endsWith(".dae"))).isEmpty();
        }
    }

    private Path exported(String world) {
        Path file = sim.outputDirectory().resolve(world).resolve("meshes").resolve(world + ".dae");
        assertThat(file).isRegularFile();
        return file;
    }

    /** A mesh as Assimp reads it, its vertices moved into the world by the file's nodes. */
    record Part(List<float[]> vertices, float[] min, float[] max, float[] diffuse) {}

    private static List<Part> readBack(Path file) {
        List<Part> parts = new ArrayList<>();
        // Z_UP is kept as it is (Assimp would otherwise turn the scene to Y-up); the nodes' matrices are applied
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var store = Assimp.aiCreatePropertyStore();
            Assimp.aiSetImportPropertyInteger(store, Assimp.AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, 1);
            try (AIScene scene = Assimp.aiImportFileExWithProperties(
                    file.toString(), Assimp.aiProcess_PreTransformVertices, null, store)) {
                Assimp.aiReleasePropertyStore(store);
                assertThat(scene)
                        .as("Assimp reads the export: %s", Assimp.aiGetErrorString())
                        .isNotNull();
                for (int i = 0; i < scene.mNumMeshes(); i++) {
                    AIMesh mesh = AIMesh.create(scene.mMeshes().get(i));
                    List<float[]> vertices = new ArrayList<>();
                    float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
                    float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
                    for (AIVector3D v : mesh.mVertices()) {
                        float[] p = {v.x(), v.y(), v.z()};
                        vertices.add(p);
                        for (int a = 0; a < 3; a++) {
                            min[a] = Math.min(min[a], p[a]);
                            max[a] = Math.max(max[a], p[a]);
                        }
                    }
                    AIMaterial material = AIMaterial.create(scene.mMaterials().get(mesh.mMaterialIndex()));
                    AIColor4D c = AIColor4D.malloc(stack);
                    Assimp.aiGetMaterialColor(
                            material, Assimp.AI_MATKEY_COLOR_DIFFUSE, Assimp.aiTextureType_NONE, 0, c);
                    parts.add(new Part(vertices, min, max, new float[] {c.r(), c.g(), c.b(), c.a()}));
                }
            }
        }
        return parts;
    }

    private static Part nearest(List<Part> parts, Vec3 at) {
        return parts.stream()
                .min((a, b) -> Double.compare(
                        centre(a).minus(at).length(), centre(b).minus(at).length()))
                .orElseThrow();
    }

    private static Vec3 centre(Part p) {
        return new Vec3((p.min()[0] + p.max()[0]) / 2, (p.min()[1] + p.max()[1]) / 2, (p.min()[2] + p.max()[2]) / 2);
    }

    /** Every vertex of {@code part} is a corner of a cube of half-side {@code half} posed at {@code pose}. */
    private static void assertCorners(Part part, Pose pose, double half) {
        assertThat(part.vertices()).isNotEmpty();
        for (float[] v : part.vertices()) {
            Vec3 local = pose.inverse().apply(new Vec3(v[0], v[1], v[2]));
            for (double c : new double[] {local.x(), local.y(), local.z()}) {
                assertThat(Math.abs(c)).isCloseTo(half, within(FLOAT_ROUNDING));
            }
        }
    }
}
