package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfException;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * gz-sim's {@code polylines.sdf} example: polylines extruded as gz-common's {@code CreateExtrudedPolyline} extrudes
 * them, several in one geometry with an outline inside another a hole (the letter A, its triangle the hole), the same
 * solid for the collision and the visual.
 */
class PolylineSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-examples/polylines.sdf");
    /** The letter's outlines as the world writes them: the triangle (the hole) first, then the A around it. */
    static final double[] HOLE = {2.27467, 1.0967, 1.81094, 2.35418, 2.74009, 2.35418};

    static final double[] OUTER = {
        2.08173, 0.7599, 2.4693, 0.7599, 3.4323, 3.28672, 3.07689, 3.28672, 2.84672, 2.63851, 1.7077, 2.63851, 1.47753,
        3.28672, 1.11704, 3.28672
    };
    /**
     * How far a resting body may lie from where its shapes touch: a prism is a convex hull with Bullet's margin
     * (ShapePlan.HULL_MARGIN, 1 mm) around it; both engines settle a hull on a plane to 1e-7 m of that
     * (MeshSimulationTests), so 0.1 mm leaves room for float32 rounding only.
     */
    static final double REST = 1e-4;

    static double area(double[] xy) {
        double twice = 0;
        for (int i = 0; i < xy.length; i += 2) {
            int j = (i + 2) % xy.length;
            twice += xy[i] * xy[j + 1] - xy[j] * xy[i + 1];
        }
        return Math.abs(twice) / 2;
    }

    static LinkSpec link(WorldSpec world, String model) {
        ModelSpec m = world.models().stream()
                .filter(s -> s.name().equals(model))
                .findFirst()
                .orElseThrow();
        return m.links().get(0);
    }

    @Test
    void theLettersTwoPolylinesAreOneSolidWithAHoleInCollisionAndVisual() {
        WorldSpec world = SimulationFixture.read(WORLD);
        LinkSpec letter = link(world, "letter");
        Geometry.Polyline collision =
                (Geometry.Polyline) letter.collisions().get(0).geometry();
        Geometry.Polyline visual = (Geometry.Polyline) letter.visuals().get(0).geometry();
        assertThat(collision.outlines()).hasSize(2);
        assertThat(collision.heights()).containsExactly(1.0, 1.0);
        // the hole's area is taken out: (A − triangle) × height 1, to float32's rounding of the prisms' corners
        double volume = area(OUTER) - area(HOLE);
        assertThat(collision.solid().volume()).isCloseTo(volume, within(1e-9));
        assertThat(visual.solid().volume()).isEqualTo(collision.solid().volume());
        // the triangles enclose the same solid: closed and wound outwards, their signed volume is the prisms'
        assertThat(collision.solid().triangles().massProperties().volume()).isCloseTo(volume, within(1e-5));
        assertThat(visual.solid().triangles().triangleCount())
                .isEqualTo(collision.solid().triangles().triangleCount());
    }

    @Test
    void aPolylineOfTwoPointsOrBesideAnotherShapeIsRefused() {
        SdfReader reader = new SdfReader(List.of());
        assertThatThrownBy(() -> reader.readModel(
                        "<model name='m'><link name='l'><collision name='c'><geometry>\n<polyline><point>0 0</point>"
                                + "<point>1 0</point></polyline></geometry></collision></link></model>",
                        "spawn request"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining(":2:")
                .hasMessageContaining("<polyline> needs at least three <point>s, got 2");
        assertThatThrownBy(() -> reader.readModel(
                        "<model name='m'><link name='l'><collision name='c'><geometry><polyline><point>0 0</point>"
                                + "<point>1 0</point><point>0 1</point></polyline>\n<box/></geometry></collision>"
                                + "</link></model>",
                        "spawn request"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining(":2:")
                .hasMessageContaining("<geometry> must hold exactly one shape, found [<polyline>, <box>]");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aRayPassesThroughTheLettersHoleAndStopsOnItsLegs(Engine engine) {
        try (var sim = SimulationFixture.of(engine, SimulationFixture.read(WORLD))) {
            ShapeInfo shape =
                    sim.model("letter").link("link").orElseThrow().shapes().get(0);
            assertThat(shape.shape()).isEqualTo("extruded_polyline");
            assertThat(shape.hulls()).isGreaterThan(1);
            Pose letter = sim.pose("letter");
            // rays along the extrusion (the link's z), from 1 m below the base to 1 m above the top
            double[] inHole = {(HOLE[0] + HOLE[2] + HOLE[4]) / 3, (HOLE[1] + HOLE[3] + HOLE[5]) / 3};
            // on the left leg: its outer edge at x 1.150 and its inner edge at x 1.508 where y is 3.2
            double[] onLeg = {1.33, 3.2};
            assertThat(hitsLetter(sim, letter, inHole)).as("through the hole").isFalse();
            assertThat(hitsLetter(sim, letter, onLeg)).as("on the leg").isTrue();
            var hit = sim.world()
                    .rayCast(
                            letter.apply(new Vec3(onLeg[0], onLeg[1], -1)),
                            letter.apply(new Vec3(onLeg[0], onLeg[1], 2)))
                    .orElseThrow();
            // the base face at the link's z 0, less the hull's 1 mm margin
            assertThat(hit.distance()).isCloseTo(1 - 0.001, within(REST));
        }
    }

    private static boolean hitsLetter(SimulationFixture sim, Pose letter, double[] xy) {
        return sim.world()
                .rayCast(letter.apply(new Vec3(xy[0], xy[1], -1)), letter.apply(new Vec3(xy[0], xy[1], 2)))
                .filter(h -> h.model().equals("letter"))
                .isPresent();
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aBallDroppedIntoTheHoleFallsThroughWhereOneOnTheLegStays(Engine engine, @TempDir Path dir) throws Exception {
        // the letter laid flat on the ground (its extrusion up), one small ball above the hole, one above the leg
        double[] inHole = {(HOLE[0] + HOLE[2] + HOLE[4]) / 3, (HOLE[1] + HOLE[3] + HOLE[5]) / 3};
        Path file = dir.resolve("letter.sdf");
        Files.writeString(
                file,
                "<sdf version='1.11'><world name='letter'><physics name='1ms' type='ignored'>"
                        + "<max_step_size>0.001</max_step_size></physics>"
                        + "<model name='ground'><static>true</static><link name='l'><collision name='c'><geometry>"
                        + "<plane><normal>0 0 1</normal><size>20 20</size></plane></geometry></collision></link></model>"
                        + "<model name='letter'><pose>0 0 0.2 0 0 0</pose><link name='link'>"
                        + "<inertial><pose>2.2 1.5 0.5 0 0 0</pose><mass>10</mass><inertia><ixx>5</ixx><iyy>5</iyy>"
                        + "<izz>5</izz></inertia></inertial><collision name='c'><geometry>"
                        + polyline(HOLE) + polyline(OUTER) + "</geometry></collision></link></model>"
                        + ball("in_hole", inHole[0], inHole[1]) + ball("on_leg", 1.33, 3.2)
                        + "</world></sdf>");
        try (var sim = SimulationFixture.of(engine, SimulationFixture.read(file))) {
            sim.step(3000);
            // the letter rests on its base (the hull margin under it), level
            assertThat(sim.pose("letter").z()).isCloseTo(0.001, within(REST));
            assertThat(sim.pose("letter").rotation().rotate(Vec3.UNIT_Z).z()).isGreaterThan(Math.cos(0.001));
            // through the hole onto the ground; on the leg's top face, 1 m up (and its margin)
            assertThat(sim.pose("in_hole").z()).isCloseTo(BALL, within(REST));
            assertThat(sim.pose("on_leg").z()).isCloseTo(0.001 + 1 + 0.001 + BALL, within(REST));
        }
    }

    static final double BALL = 0.05;

    private static String polyline(double[] xy) {
        StringBuilder s = new StringBuilder("<polyline>");
        for (int i = 0; i < xy.length; i += 2) {
            s.append("<point>").append(xy[i]).append(' ').append(xy[i + 1]).append("</point>");
        }
        return s.append("<height>1</height></polyline>").toString();
    }

    private static String ball(String name, double x, double y) {
        // 0.1 kg, a solid sphere's inertia 2/5 m r²
        return ("<model name='%s'><pose>%s %s 1.6 0 0 0</pose><link name='l'><inertial><mass>0.1</mass><inertia>"
                        + "<ixx>1e-4</ixx><iyy>1e-4</iyy><izz>1e-4</izz></inertia></inertial><collision name='c'>"
                        + "<geometry><sphere><radius>%s</radius></sphere></geometry></collision></link></model>")
                .formatted(name, x, y, BALL);
    }
}
