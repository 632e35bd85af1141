package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.TestMeshes;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Meshes collide as Gazebo builds them, on both engines: a static mesh's exact triangles hold a box where its convex
 * hull would not, a moving mesh body rests on its hull, a decomposed mesh is made of V-HACD's parts.
 */
class MeshSimulationTests {

    private static final double HALF = 0.1;
    /**
     * How far a body at rest may lie from where its shapes touch (margins counted): both engines settle these bodies
     * to within 1e-7 m of it (measured: 8e-8 m at most); 0.1 mm leaves room for float32 rounding only.
     */
    private static final double REST = 1e-4;
    /** Decompositions are shared by the engines: the count the first engine saw, for the second to match. */
    private static final Map<String, Integer> PARTS = new ConcurrentHashMap<>();

    @TempDir
    Path dir;

    /**
     * A step: a low block (z 0 to 0.2) at x in [-1, 0] and a high one (z 0 to 0.6) at x in [0, 1]. Its convex hull
     * slopes from (x -1, z 0.2) up to (x 0, z 0.6): above x = -0.5 it is 0.4 high where the mesh is 0.2.
     */
    private Path step() {
        float[] low = TestMeshes.boxVertices(new float[] {-1, -1, 0}, new float[] {0, 1, 0.2f});
        float[] high = TestMeshes.boxVertices(new float[] {0, -1, 0}, new float[] {1, 1, 0.6f});
        return TestMeshes.obj(dir.resolve("step.obj"), new String[] {"low", "high"}, new float[][] {low, high});
    }

    private static String box(String name, double x, double y, double z) {
        return """
                <model name="%s"><pose>%s %s %s 0 0 0</pose><link name="body">
                  <inertial><mass>1</mass><inertia><ixx>0.006667</ixx><iyy>0.006667</iyy><izz>0.006667</izz>
                  </inertia></inertial>
                  <collision name="c"><geometry><box><size>0.2 0.2 0.2</size></box></geometry></collision>
                </link></model>""".formatted(name, x, y, z);
    }

    private static final String GROUND = """
            <model name="ground"><static>true</static><link name="plane"><collision name="c">
              <geometry><plane><normal>0 0 1</normal><size>20 20</size></plane></geometry></collision></link></model>""";

    private WorldSpec world(String models) throws Exception {
        Path file = dir.resolve("world.sdf");
        Files.writeString(
                file,
                "<sdf version='1.11'><world name='meshes'><physics name='1ms' type='ignored'>"
                        + "<max_step_size>0.001</max_step_size></physics>" + models + "</world></sdf>");
        return new SdfReader(List.of()).read(file);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aBoxRestsOnAStaticMeshsTrianglesNotItsHull(Engine engine) throws Exception {
        step();
        WorldSpec spec = world("""
                <model name="step"><static>true</static><link name="l"><collision name="mesh">
                  <geometry><mesh><uri>step.obj</uri></mesh></geometry></collision></link></model>""" + box("low", -0.5, 0, 0.8) + box("high", 0.5, 0, 0.8));
        try (var sim = SimulationFixture.of(engine, spec)) {
            assertThat(sim.model("step").link("l").orElseThrow().shapes())
                    .singleElement()
                    .isEqualTo(new ShapeInfo("mesh", "triangle_mesh", 0, 16, 24));
            sim.step(2000);
            // the triangles' margin (ShapePlan.CONCAVE_MARGIN, 1 mm) holds it that much higher
            assertThat(sim.pose("low").z()).isCloseTo(0.2 + 0.001 + HALF, within(REST));
            assertThat(sim.pose("high").z()).isCloseTo(0.6 + 0.001 + HALF, within(REST));
            assertThat(sim.model("low").velocity().linear().length()).isLessThan(0.01);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aMovingMeshRestsOnItsHull(Engine engine) throws Exception {
        // the step as a moving body, its link 1 m up: it lands on its flat bottom (z 0 of the mesh)
        step();
        WorldSpec spec = world(GROUND + """
                <model name="step"><pose>0 0 1 0 0 0</pose><link name="l">
                  <inertial><pose>0 0 0.2 0 0 0</pose><mass>2</mass><inertia><ixx>0.7</ixx><iyy>0.7</iyy><izz>1.3</izz>
                  </inertia></inertial>
                  <collision name="mesh"><geometry><mesh><uri>step.obj</uri></mesh></geometry></collision>
                </link></model>""");
        try (var sim = SimulationFixture.of(engine, spec)) {
            ShapeInfo hull = sim.model("step").link("l").orElseThrow().shapes().get(0);
            assertThat(hull.shape()).isEqualTo("convex_hull");
            assertThat(hull.hulls()).isEqualTo(1);
            sim.step(2000);
            // the hull's margin (ShapePlan.HULL_MARGIN, 1 mm) lifts it that much
            assertThat(sim.pose("step").z()).isCloseTo(0.001, within(REST));
            // flat on its bottom: its z axis vertical (the landing may turn it about z)
            assertThat(sim.pose("step").rotation().rotate(Vec3.UNIT_Z).z()).isGreaterThan(Math.cos(0.001));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aDecomposedMeshIsMadeOfConvexParts(Engine engine) throws Exception {
        // a U: two posts on a base, the notch between them 0.4 deep; one hull would fill it
        float[] base = TestMeshes.boxVertices(new float[] {-0.6f, -0.3f, 0}, new float[] {0.6f, 0.3f, 0.2f});
        float[] left = TestMeshes.boxVertices(new float[] {-0.6f, -0.3f, 0.2f}, new float[] {-0.3f, 0.3f, 0.6f});
        float[] right = TestMeshes.boxVertices(new float[] {0.3f, -0.3f, 0.2f}, new float[] {0.6f, 0.3f, 0.6f});
        TestMeshes.obj(dir.resolve("u.obj"), new String[] {"base", "left", "right"}, new float[][] {base, left, right});
        WorldSpec spec = world(GROUND + """
                <model name="u"><pose>0 0 0.5 0 0 0</pose><link name="l">
                  <inertial><pose>0 0 0.25 0 0 0</pose><mass>3</mass><inertia><ixx>0.3</ixx><iyy>0.5</iyy>
                  <izz>0.5</izz></inertia></inertial>
                  <collision name="mesh"><geometry><mesh optimization="convex_decomposition"><uri>u.obj</uri>
                    <convex_decomposition><max_convex_hulls>8</max_convex_hulls></convex_decomposition>
                  </mesh></geometry></collision>
                </link></model>""" + box("ball", 0, 0, 1.5));
        try (var sim = SimulationFixture.of(engine, spec)) {
            ShapeInfo parts = sim.model("u").link("l").orElseThrow().shapes().get(0);
            assertThat(parts.shape()).isEqualTo("convex_decomposition");
            assertThat(parts.hulls()).isBetween(3, 8);
            assertThat(PARTS.computeIfAbsent("u", k -> parts.hulls()))
                    .as("the same parts on both engines")
                    .isEqualTo(parts.hulls());
            sim.step(3000);
            // V-HACD's parts hug the mesh to within about one voxel: 200,000 voxels (SDF's default resolution) over
            // the 1.2 × 0.6 × 0.6 m box around the U are 12.9 mm a side. Measured: the U 3.5 mm high on both engines,
            // the box in the notch 6.6 mm (JBullet) and 10.8 mm (Bullet) high.
            double voxel = Math.cbrt(1.2 * 0.6 * 0.6 / 200_000);
            assertThat(sim.pose("u").z()).isBetween(0.001 - REST, 0.001 + voxel);
            // the box falls into the notch, onto the base 0.2 high (a single hull would hold it at 0.6)
            assertThat(sim.pose("ball").z()).isBetween(0.2 + HALF - REST, 0.2 + HALF + voxel);
        }
    }
}
